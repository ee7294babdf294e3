import CatalogueModel
import ContentLoading
import Foundation
import Hummingbird
import NIOCore
import PageRendering
import SiteAssembly

/// The local end of the rating form: takes a vote through `VoteIntake`, appends it to the events
/// file, rebuilds, and sends the voter back to `<skill page>#rating-thanks`. Refused votes get a
/// 4xx and a plain message, and nothing is written; a vote the file refuses gets 500.
struct RatingReceiver: Sendable {
    let rebuilder: SiteRebuilder
    let votes: VoteLog
    let maxBodyBytes: Int
    let say: @Sendable (String) -> Void

    func receive(_ request: Request, form: RatingFormConfig, site: ServedSite) async -> Response {
        let head = VoteRequest(request)
        if let refusal = VoteIntake.screen(head, form: form) { return refuse(refusal) }
        let text: String
        if request.method == .post {
            if let length = request.headers[.contentLength].flatMap(Int.init), length > maxBodyBytes {
                return Self.tooLarge(maxBodyBytes)
            }
            do {
                let body = try await request.body.collect(upTo: maxBodyBytes)
                text = String(buffer: body)
            } catch is NIOTooManyBytesError {
                return Self.tooLarge(maxBodyBytes)
            } catch {
                return Self.plain(.badRequest, "the request body could not be read")
            }
        } else {
            text = request.uri.query ?? ""
        }

        let accepted: VoteIntake.Accepted
        do {
            accepted = try VoteIntake.accept(head, formText: text, form: form, site: site)
        } catch {
            return refuse(error)
        }
        let vote = accepted.vote
        let appended: VoteLog.Appended
        do {
            appended = try await votes.append(vote)
            if let torn = appended.droppedTornLine {
                say("warning: removed the torn last line of \(votes.display), left by an interrupted write: \(VoteCheck.shown(torn))")
            }
        } catch {
            say("error: the vote for \(vote.skill) could not be recorded: \(error)")
            return Self.plain(.internalServerError, "the vote could not be recorded; the server's output says why")
        }
        say("Vote: \(vote.skill), \(vote.stars) star\(vote.stars == 1 ? "" : "s") → \(votes.display)")
        // The voter's next page load should already count the vote.
        await rebuilder.rebuild(because: "vote for \(vote.skill)", appended: appended.votes)
        var headers: HTTPFields = [.location: "/" + accepted.page.href + "#" + RatingForm.thanksID]
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
            headers: [.contentType: "text/plain; charset=utf-8", .xContentTypeOptions: "nosniff", .contentLength: String(body.readableBytes)],
            body: ResponseBody(byteBuffer: body)
        )
    }
}

extension VoteRequest {
    init(_ request: Request) {
        self.init(method: request.method.rawValue, contentType: request.headers[.contentType],
                  fetchSite: request.headers.first { $0.name.canonicalName == "sec-fetch-site" }?.value, origin: request.headers[.origin],
                  scheme: request.head.scheme ?? "http", authority: request.head.authority, cookie: request.headers[.cookie])
    }
}

/// Hands requests for the form's endpoint to the receiver; everything else goes on.
struct RatingReceiverMiddleware<Context: RequestContext>: RouterMiddleware {
    let receiver: RatingReceiver

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let site = await receiver.rebuilder.site, let form = site.form, let path = site.receiverPath,
              request.uri.path == path else {
            return try await next(request, context)
        }
        return await receiver.receive(request, form: form, site: site)
    }
}
