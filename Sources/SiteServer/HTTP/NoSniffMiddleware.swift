import Hummingbird

/// Every answer says `X-Content-Type-Options: nosniff`, as `deploy/nginx-catalogue.conf` does: a
/// browser takes a file for what its name says. A skill image named `.png` that holds SVG (published
/// as given when the build does not size images, docs/images.md) is then never run as a document.
struct NoSniffMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response = try await next(request, context)
        if response.headers[.xContentTypeOptions] == nil { response.headers[.xContentTypeOptions] = "nosniff" }
        return response
    }
}
