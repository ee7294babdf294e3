import CatalogueModel
import Hummingbird
import NIOCore
import PageRendering

/// The HTTP half of taking a vote, the same for `sitegen serve` (`RatingReceiver`) and
/// `sitegen collect` (`VoteCollector`): the early checks, the body and its limit, the fields, and
/// the answers. What happens to an accepted vote (a line in a file, a row in a database) is the
/// caller's.
struct VoteReception: Sendable {
    let maxBodyBytes: Int
    /// Gets a line for each vote refused as coming from another site (worth a look in the log).
    let say: @Sendable (String) -> Void

    enum Outcome: Sendable {
        case accepted(VoteIntake.Accepted)
        case refused(Response)
    }

    /// - Parameters:
    ///   - head: the request's parts the checks read (`VoteRequest(request)`, with the site's
    ///     origin set when it is not the request's own).
    ///   - secureCookie: a new voter's cookie is for https only.
    func read(
        _ request: Request, head: VoteRequest, form: RatingFormConfig, site: ServedSite, secureCookie: Bool = false
    ) async -> Outcome {
        if let refusal = VoteIntake.screen(head, form: form) { return .refused(refuse(refusal)) }
        let text: String
        if request.method == .post {
            // A comment makes a vote more than a few fields.
            let limit = form.comment ? VoteComment.bodyBytes(maxBodyBytes) : maxBodyBytes
            if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
                return .refused(Self.tooLarge(limit))
            }
            do {
                let body = try await request.body.collect(upTo: limit)
                text = String(buffer: body)
            } catch is NIOTooManyBytesError {
                return .refused(Self.tooLarge(limit))
            } catch {
                return .refused(Self.plain(.badRequest, "the request body could not be read"))
            }
        } else {
            text = request.uri.query ?? ""
        }
        do {
            return .accepted(
                try VoteIntake.accept(head, formText: text, form: form, site: site, secureCookie: secureCookie))
        } catch {
            return .refused(refuse(error))
        }
    }

    /// `303` to the voted skill's page, at `#rated-4`: the page then says what the voter gave.
    /// - Parameter pageBase: what comes before the page's site path: `/` for the preview, the base
    ///   URL for a deployed site.
    static func thanks(_ accepted: VoteIntake.Accepted, pageBase: String) -> Response {
        var headers: HTTPFields = [
            .location: pageBase + accepted.page.href + "#" + RatingForm.ratedID(String(accepted.vote.stars))
        ]
        if let cookie = accepted.setCookie { headers[.setCookie] = cookie }
        return Response(status: .seeOther, headers: headers)
    }

    private func refuse(_ refusal: VoteIntake.Refusal) -> Response {
        let status: HTTPResponse.Status
        switch refusal.status {
        case .badRequest: status = .badRequest
        case .forbidden:
            status = .forbidden
            say("Refused a vote: \(refusal.message)")
        case .methodNotAllowed: status = .methodNotAllowed
        case .unsupportedMediaType: status = .unsupportedMediaType
        }
        var response = Self.plain(status, refusal.message)
        if let allow = refusal.allow { response.headers[.allow] = allow }
        return response
    }

    static func tooLarge(_ limit: Int) -> Response {
        plain(.contentTooLarge, "a vote is a few fields; bodies over \(limit) bytes are refused")
    }

    static func plain(_ status: HTTPResponse.Status, _ message: String) -> Response {
        let body = ByteBuffer(string: message + "\n")
        return Response(
            status: status,
            headers: [
                .contentType: "text/plain; charset=utf-8", .xContentTypeOptions: "nosniff",
                .contentLength: String(body.readableBytes),
            ],
            body: ResponseBody(byteBuffer: body)
        )
    }
}

extension VoteRequest {
    init(_ request: Request) {
        self.init(
            method: request.method.rawValue, contentType: request.headers[.contentType],
            fetchSite: request.headers.first { $0.name.canonicalName == "sec-fetch-site" }?.value,
            origin: request.headers[.origin],
            scheme: request.head.scheme ?? "http", authority: request.head.authority, cookie: request.headers[.cookie],
            referer: request.headers[.referer])
    }
}
