import CatalogueModel
import CatalogueSearch
import Foundation
import Hummingbird
import NIOCore
import PageRendering

/// Answers `GET <search.endpoint>?q=…&page=N` with the results page, rendered in the site's look
/// from the index. Refusals are plain text: `405` for other methods, `414` for a query over
/// `SearchQuery.maxCharacters` characters (or a query string over `maxQueryBytes`), `400` for
/// bad encoding or page numbers, `404` for a page past the last, `503` before a build.
package struct SearchResponder: Sendable {
    /// The whole query string, before decoding: ten times what 200 characters need at most
    /// (12 bytes each, percent-encoded), so only something other than a search is refused here.
    package static let maxQueryBytes = 4096
    /// Page numbers past this are refused: nobody pages that far, and the offset stays small.
    static let maxPage = 10_000

    let index: any SearchIndex
    let site: @Sendable () async -> SearchSite?
    let say: @Sendable (String) -> Void

    /// - Parameters:
    ///   - index: where matches come from.
    ///   - site: the build to render results with (`LiveSearch.site`), asked on every request,
    ///     so results follow rebuilds.
    ///   - say: where index failures are reported (the visitor gets a plain 500).
    package init(
        index: any SearchIndex, site: @escaping @Sendable () async -> SearchSite?,
        say: @escaping @Sendable (String) -> Void
    ) {
        self.index = index
        self.site = site
        self.say = say
    }

    /// Over a `LiveSearch`: its index and the build it last followed.
    package init(following live: LiveSearch, say: @escaping @Sendable (String) -> Void) {
        self.init(index: live.index, site: { await live.site }, say: say)
    }

    package func respond(to request: Request) async -> Response {
        guard let site = await site() else {
            return VoteReception.plain(.serviceUnavailable, "search is not ready: the site has not been built yet")
        }
        return await respond(to: request, site: site)
    }

    func respond(to request: Request, site: SearchSite) async -> Response {
        guard request.method == .get || request.method == .head else {
            var response = VoteReception.plain(.methodNotAllowed, "search takes GET requests: /search?q=words")
            response.headers[.allow] = "GET, HEAD"
            return response
        }
        let raw = request.uri.query ?? ""
        guard raw.utf8.count <= Self.maxQueryBytes else { return Self.tooLong }
        let fields: [String: [String]]
        do {
            fields = try FormBody.parse(raw)
        } catch {
            return VoteReception.plain(.badRequest, error.message)
        }
        // Echoed in the page's title, description and heading: what the content may not put
        // there (controls, bidi overrides, invisible characters) the query may not either.
        let text = VisibleText.clean(fields["q"]?.first ?? "")
        guard text.count <= SearchQuery.maxCharacters else { return Self.tooLong }
        var page = 1
        if let given = fields["page"]?.first {
            guard let number = Int(given), (1...Self.maxPage).contains(number) else {
                return VoteReception.plain(
                    .badRequest, "`page` must be a whole number from 1 to \(Self.maxPage.grouped)")
            }
            page = number
        }
        let renderer = site.renderer
        let query = SearchQuery(text)
        let results: SearchResults
        do {
            results = try await index.search(query, page: page, pageSize: renderer.catalogue.config.pageSize)
        } catch {
            say("error: search for \(text.count) characters failed: \(error)")
            guard (error as? SearchIndexError)?.unavailable == true else {
                return VoteReception.plain(.internalServerError, "search failed; the server's output says why")
            }
            var response = VoteReception.plain(
                .serviceUnavailable, "search is unavailable for a moment; please try again")
            response.headers[.retryAfter] = String(SearchIndexError.retryAfterSeconds)
            return response
        }
        if page > 1, results.ids.isEmpty {
            let last = Pagination(itemCount: results.total, pageSize: renderer.catalogue.config.pageSize).pageCount
            return VoteReception.plain(
                .notFound, "there is no page \(page) of this search: its results end at page \(last)")
        }
        let outcome = SearchOutcome(
            query: text, matches: results.ids.compactMap { site.entries[$0] }, total: results.total, page: page)
        guard let html = renderer.searchPage(outcome) else {
            say("error: the search page could not be rendered: check Templates/search.mustache")
            return VoteReception.plain(
                .internalServerError, "the search page could not be rendered; the server's output says why")
        }
        let headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8", .contentLength: String(html.count),
            // Results change with every rebuild: always asked for again.
            .cacheControl: "no-cache", .xContentTypeOptions: "nosniff",
        ]
        if request.method == .head { return Response(status: .ok, headers: headers) }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: html)))
    }

    static var tooLong: Response {
        VoteReception.plain(.uriTooLong, "a search is at most \(SearchQuery.maxCharacters) characters; shorten it")
    }
}

/// Hands requests for the search endpoint to the responder; everything else goes on. The path
/// is matched as the site sees it (`/search`, after `sitegen serve` strips the base path) and
/// as the host does (`/catalogue/search`, for a service behind a proxy that keeps the prefix).
package struct SearchResponderMiddleware<Context: RequestContext>: RouterMiddleware {
    let responder: SearchResponder

    package init(responder: SearchResponder) {
        self.responder = responder
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard let site = await responder.site(), let search = site.search,
            request.uri.path == "/" + search.path
                || request.uri.path == search.localPath(basePath: site.renderer.catalogue.config.basePath)
        else {
            return try await next(request, context)
        }
        return await responder.respond(to: request, site: site)
    }
}
