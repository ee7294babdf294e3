import CatalogueModel
import Hummingbird
import PageRendering

/// Serves the site under the base URL's path (`/catalogue/`), as it will be deployed: requests
/// below it reach the rest of the server with the prefix removed, `/` and `/catalogue` are
/// redirected to it, and anything else is not found. Redirects from inside get the prefix back.
struct BasePathMiddleware<Context: RequestContext>: RouterMiddleware {
    let rebuilder: SiteRebuilder

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let base = Slug.encodeForHref(await rebuilder.basePath)
        guard base != "/" else { return try await next(request, context) }
        let path = request.uri.path
        let prefix = String(base.dropLast())
        if path == "/" || path == prefix {
            return Response(status: .found, headers: [.location: base])
        }
        guard path.hasPrefix(base) else { throw HTTPError(.notFound) }
        var head = request.head
        head.path = "/" + path.dropFirst(base.count) + (request.uri.query.map { "?" + $0 } ?? "")
        var response = try await next(Request(head: head, body: request.body), context)
        if let location = response.headers[.location], location.hasPrefix("/") {
            response.headers[.location] = prefix + location
        }
        return response
    }
}
