import CatalogueModel
import CatalogueSearch
import Foundation
import Hummingbird
import NIOCore
import PageRendering

/// Answers SUSI's read API (`GET /cms/<endpoint>?…`, `SusiEndpoint`) from the last good build,
/// for a site with `susi_api: true`, so SUSI's web, Android and iOS clients can browse it. The
/// path is matched as the site sees it (`/cms/…`, after `serve` strips the base path) and as the
/// host does (`/catalogue/cms/…`). Every answer, refusals too, allows any origin: SUSI's hosted web
/// client runs on another origin and reads the answers with XHR (susi.ai `src/helpers/ajax.js`),
/// without cookies or credentials, so `*` is enough. Nothing here writes or counts a vote.
struct SusiReadMiddleware<Context: RequestContext>: RouterMiddleware {
    let site: @Sendable () async -> ServedSite?
    /// For `q` in a skill list, when the site has a search index (`search.endpoint`).
    let search: LiveSearch?
    /// Where the answer's images are read from.
    let content: URL
    let say: @Sendable (String) -> Void

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        // Every request passes here: only one below a `cms/` folder waits for the site.
        guard request.uri.path.contains("/" + SusiEndpoint.folder), let site = await site(), let mirror = site.susi,
            let endpoint = Self.endpoint(request.uri.path, basePath: site.basePath)
        else {
            return try await next(request, context)
        }
        switch request.method {
        case .options: return Self.preflight(request)
        case .get, .head: break
        default:
            var response = Self.response(
                .refusal(
                    405, "the mirror of SUSI's API is read-only: GET \(SusiEndpoint.folder)\(endpoint.rawValue)?…"),
                head: false)
            response.headers[.allow] = "GET, HEAD, OPTIONS"
            return response
        }
        let raw = request.uri.query ?? ""
        guard raw.utf8.count <= SusiQuery.maxBytes else {
            return Self.response(.refusal(414, "the query is longer than \(SusiQuery.maxBytes) bytes"), head: false)
        }
        let query = SusiQuery(raw)
        var answerContext = SusiMirror.Context(today: BuildDate.days(ofISODay: Self.today()))
        if endpoint == .getSkillList, let text = query["q"]?.trimmingWhitespace(), !text.isEmpty,
            await search?.site != nil, let index = search?.index
        {
            do {
                let found = try await index.search(
                    SearchQuery(String(text.prefix(SearchQuery.maxCharacters))), page: 1,
                    pageSize: max(1, site.skillCount))
                answerContext.matches = Set(found.ids)
            } catch {
                say("warning: the search index failed a SUSI skill list's `q`; matched as text instead: \(error)")
            }
        }
        let answer = mirror.answer(endpoint, query, context: answerContext)
        return Self.response(answer, head: request.method == .head, content: content)
    }

    /// The endpoint `path` names, below the site's root or below its base path.
    static func endpoint(_ path: String, basePath: String) -> SusiEndpoint? {
        if let endpoint = SusiEndpoint(sitePath: path.dropFirst()) { return endpoint }
        guard basePath != "/", path.hasPrefix(basePath) else { return nil }
        return SusiEndpoint(sitePath: path.dropFirst(basePath.count))
    }

    /// Today's UTC day: `duration` in a skill list counts back from it (a service answers now;
    /// the build's files never hold it).
    static func today() -> String {
        BuildDate.isoDay(ofSecond: Int(Date().timeIntervalSince1970))
    }

    static func response(_ answer: SusiAnswer, head: Bool, content: URL? = nil) -> Response {
        var headers: HTTPFields = [
            .accessControlAllowOrigin: "*", .xContentTypeOptions: "nosniff",
            // Answers follow every rebuild: always asked for again.
            .cacheControl: "no-cache",
        ]
        let bytes: [UInt8]
        switch answer.body {
        case .json(let json):
            headers[.contentType] = "application/json; charset=utf-8"
            bytes = json
        case .image(let path, let mediaType):
            guard let content, let data = try? Data(contentsOf: content.appendingPathComponent(path)) else {
                return response(.refusal(404, "No such image."), head: head)
            }
            headers[.contentType] = mediaType
            bytes = Array(data)
        }
        headers[.contentLength] = String(bytes.count)
        let status = HTTPResponse.Status(code: answer.status)
        if head { return Response(status: status, headers: headers) }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A CORS preflight: what a browser asks before a request it may not send unasked. SUSI's
    /// client sends none for its GETs (no custom headers), but other clients of the API may.
    static func preflight(_ request: Request) -> Response {
        var headers: HTTPFields = [
            .accessControlAllowOrigin: "*", .accessControlAllowMethods: "GET, HEAD, OPTIONS",
            .accessControlMaxAge: "86400", .contentLength: "0",
        ]
        if let asked = request.headers[.accessControlRequestHeaders] {
            headers[.accessControlAllowHeaders] = asked
        }
        return Response(status: .noContent, headers: headers)
    }
}
