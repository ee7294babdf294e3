import Hummingbird

/// Answers `Range` requests for files correctly, in front of Hummingbird's file middleware.
///
/// Hummingbird 2.28.1 gets them wrong (`Sources/Hummingbird/Middleware/FileMiddleware.swift`):
/// `getRangeFromHeaderValue` (line 389) reads the suffix range `bytes=-5` as `0...5`, the first six
/// bytes instead of the last five, and `constructResponse` (lines 365–370) never checks the start
/// against the file's size, so `bytes=999999-` gets a 206 with a negative `Content-Length`. No fixed
/// release is available here, so this middleware resolves the range itself (`ByteRange`) and hands
/// the file middleware only ranges it serves correctly: a start and an end inside the file.
struct ByteRangeMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let header = request.headers[.range], request.method == .get || request.method == .head else {
            return try await next(request, context)
        }
        var whole = request.head
        whole.headerFields[.range] = nil
        whole.headerFields[.ifRange] = nil
        // Ranges apply to GET only (RFC 9110 §14.2); a HEAD answers as for the whole file.
        guard request.method == .get else { return try await next(Request(head: whole, body: request.body), context) }

        // The file's size and validators, the way a HEAD sees them: nothing is read yet. Redirects,
        // 304s and errors come back as they would without the range.
        var probe = whole
        probe.method = .head
        let headers = try await next(Request(head: probe, body: request.body), context)
        guard headers.status == .ok, let size = headers.headers[.contentLength].flatMap({ Int($0) }), size >= 0,
            Self.rangeStillApplies(request.headers[.ifRange], to: headers.headers)
        else {
            return try await next(Request(head: whole, body: request.body), context)
        }

        switch ByteRange(header: header, size: size) {
        case .ignored:
            return try await next(Request(head: whole, body: request.body), context)
        case .unsatisfiable:
            return Response(
                status: .rangeNotSatisfiable, headers: [.contentRange: "bytes */\(size)", .contentLength: "0"])
        case .satisfiable(let range):
            var ranged = whole
            ranged.headerFields[.range] = "bytes=\(range.lowerBound)-\(range.upperBound)"
            let response = try await next(Request(head: ranged, body: request.body), context)
            // A rebuild can replace the file between the two looks: only the exact answer worked out
            // above goes out; otherwise the whole (new) file does.
            guard response.status == .partialContent,
                response.headers[.contentRange] == "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
            else {
                return try await next(Request(head: whole, body: request.body), context)
            }
            return response
        }
    }

    /// `If-Range` asks for the range only if the file is still the one the client has part of.
    /// The file middleware's ETag is weak, and weak tags never match here (RFC 9110 §13.1.5), so
    /// only an exact `Last-Modified` date does.
    static func rangeStillApplies(_ ifRange: String?, to headers: HTTPFields) -> Bool {
        guard let ifRange else { return true }
        if ifRange == headers[.lastModified] { return true }
        guard let eTag = headers[.eTag], !eTag.hasPrefix("W/") else { return false }
        return ifRange == eTag
    }
}
