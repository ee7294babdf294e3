import CatalogueModel
import Foundation
import Hummingbird
import NIOCore

/// Live reload for `sitegen serve`: answers the pages' questions at `<base path>.sitegen/live`
/// and puts `LiveReloadMarkup` into every HTML page the server sends, the site's 404 page
/// included. The output folder is never touched: it stays exactly what `sitegen build` writes.
///
/// The endpoint's name starts with a dot, and a build never publishes a hidden file, so no file
/// of a site can take its place. It sits in front of everything else, so it answers whatever the
/// rating form's or the search's paths are.
struct LiveReloadMiddleware<Context: RequestContext>: RouterMiddleware {
    static var endpoint: String { ".sitegen/live" }
    /// How long a question waits for a build before the answer "nothing yet" (then asked again).
    static var longestWait: Duration { .seconds(20) }
    /// Larger pages go out untouched: holding them whole to add the script is not worth it.
    static var largestPage: Int { 16 << 20 }

    let news: BuildNews
    let rebuilder: SiteRebuilder

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let base = Slug.encodeForHref(await rebuilder.basePath)
        let path = request.uri.path
        if path == base + Self.endpoint { return answer(request, await report(for: request)) }
        guard request.method == .get || request.method == .head, Self.mayBePage(path) else {
            return try await next(request, context)
        }
        // The page sent differs from the file: a validator or a range of the file does not apply
        // to it. A HEAD is answered from the GET, for the length of what a GET would send.
        var head = request.head
        head.headerFields[.ifNoneMatch] = nil
        head.headerFields[.ifModifiedSince] = nil
        head.headerFields[.range] = nil
        head.headerFields[.ifRange] = nil
        head.method = .get
        // Before the file is read: a build finishing in between makes the page older than it is
        // (one reload too many), never newer (a reload missed).
        let latest = news.latest
        var response = try await next(Request(head: head, body: request.body), context)
        let html = response.headers[.contentType]?.lowercased().hasPrefix("text/html") ?? false
        let length = response.headers[.contentLength].flatMap { Int($0) } ?? 0
        if html, response.status == .ok || response.status == .notFound, length <= Self.largestPage {
            let markup = LiveReloadMarkup(
                endpoint: base + Self.endpoint, file: Self.file(path, base: base), news: latest, run: news.run,
                nonce: Self.nonce())
            let page = markup.inserted(into: try await Self.collect(response.body))
            response.headers[.contentLength] = String(page.count)
            response.headers[.eTag] = nil
            response.headers[.lastModified] = nil
            response.headers[.acceptRanges] = nil
            // Each answer depends on the builds since: never reuse one (a search's own `no-cache`,
            // without validators, means the same).
            if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
            if let policy = response.headers[.contentSecurityPolicy] {
                response.headers[.contentSecurityPolicy] = ContentSecurityPolicy.allowing(nonce: markup.nonce, policy)
            }
            response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: page))
        }
        // Built anew: setting `body` would set the length to the empty body's.
        return request.method == .head ? Response(status: response.status, headers: response.headers) : response
    }

    /// What a page asks: `?since=<generation>&run=<id>`, plus `&wait=0` for an answer at once.
    private func report(for request: Request) async -> BuildNews.Report? {
        guard request.method == .get, let fields = try? FormBody.parse(request.uri.query ?? ""),
            let since = fields["since"]?.first.flatMap({ Int($0) }), since >= 0, let run = fields["run"]?.first
        else { return nil }
        let wait = fields["wait"]?.first == "0" ? .zero : Self.longestWait
        return await news.report(after: since, ofRun: run, waitingUpTo: wait)
    }

    private func answer(_ request: Request, _ report: BuildNews.Report?) -> Response {
        guard let report else {
            guard request.method == .get else {
                var refused = VoteReception.plain(.methodNotAllowed, "the live-reload endpoint takes GET requests")
                refused.headers[.allow] = "GET"
                return refused
            }
            return VoteReception.plain(.badRequest, "ask with ?since=<generation>&run=<id>, as the pages' script does")
        }
        let answer = LiveReloadAnswer(
            generation: report.generation, since: report.since, changed: report.changed,
            overlay: report.failure.map { LiveReloadMarkup.overlay($0) }, failed: report.failure != nil)
        let data = answer.json
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/json; charset=utf-8", .contentLength: String(data.count),
                .cacheControl: "no-store",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A path that may answer with a page: a folder (`/skills/`), an `.html` file, or a name
    /// without an extension (redirected to its folder). Stylesheets, images and feeds are passed
    /// through untouched, ranges and validators included.
    static func mayBePage(_ path: String) -> Bool {
        let last = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        let lowered = last.lowercased()
        return last.isEmpty || !last.contains(".") || lowered.hasSuffix(".html") || lowered.hasSuffix(".htm")
    }

    /// The output file a request path names: `skills/news/x/index.html` for `/skills/news/x/`.
    static func file(_ path: String, base: String) -> String {
        let below = path.hasPrefix(base) ? String(path.dropFirst(base.count)) : String(path.drop { $0 == "/" })
        let decoded = below.removingPercentEncoding ?? below
        return decoded.isEmpty || decoded.hasSuffix("/") ? decoded + "index.html" : decoded
    }

    static func nonce() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
    }

    static func collect(_ body: ResponseBody) async throws -> [UInt8] {
        let collector = BodyCollector()
        try await body.write(collector)
        return collector.bytes
    }
}

/// Gathers a response body that the file middleware streams, to add the markup to it.
private final class BodyCollector: ResponseBodyWriter {
    var bytes: [UInt8] = []

    func write(_ buffer: ByteBuffer) async throws {
        bytes.append(contentsOf: buffer.readableBytesView)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// What a page's script is told (`LiveReloadScript`): `changed` and `overlay` are `null`, not
/// missing, when there are none, as the script reads them.
struct LiveReloadAnswer: Encodable {
    let generation: Int
    let since: Int
    let changed: [String]?
    let overlay: String?
    let failed: Bool

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(generation, forKey: .generation)
        try container.encode(since, forKey: .since)
        try container.encode(changed, forKey: .changed)
        try container.encode(overlay, forKey: .overlay)
        try container.encode(failed, forKey: .failed)
    }

    private enum CodingKeys: String, CodingKey {
        case changed, failed, generation, overlay, since
    }

    var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}
