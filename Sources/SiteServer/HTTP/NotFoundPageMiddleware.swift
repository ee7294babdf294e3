import Foundation
import Hummingbird

/// Answers "not found" with the site's own `404.html`, as static hosts do, with status 404; but
/// not a JSON answer's 404 (SUSI's API refuses an unknown skill so, and its clients read the JSON).
struct NotFoundPageMiddleware<Context: RequestContext>: RouterMiddleware {
    let output: URL
    let pending: PendingFiles

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            let response = try await next(request, context)
            let isJSON = response.headers[.contentType]?.hasPrefix("application/json") == true
            return response.status == .notFound && !isJSON ? page(for: request) : response
        } catch let error as any HTTPResponseError where error.status == .notFound {
            return page(for: request)
        }
    }

    func page(for request: Request) -> Response {
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8"]
        var held: Data?
        if case .file(let data, _) = pending.entry(at: "404.html") { held = data }
        let body =
            held ?? (try? Data(contentsOf: output.appendingPathComponent("404.html")))
            ?? Data("<!DOCTYPE html><title>Not found</title><h1>Not found</h1>\n".utf8)
        headers[.contentLength] = String(body.count)
        return Response(
            status: .notFound, headers: headers,
            body: request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
