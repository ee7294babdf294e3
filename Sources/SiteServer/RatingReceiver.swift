import Foundation
import Hummingbird
import NIOCore
import SiteGen

/// The local end of the rating form: checks a vote, appends it to the events file, rebuilds, and
/// sends the voter back to `<skill page>#rating-thanks`. Invalid votes get 400 and a plain
/// message, and nothing is written.
struct RatingReceiver: Sendable {
    let rebuilder: SiteRebuilder
    let votes: VoteLog
    let maxBodyBytes: Int
    let say: @Sendable (String) -> Void

    func receive(_ request: Request, form: RatingFormConfig, site: ServedSite) async -> Response {
        let method: HTTPRequest.Method = form.method == .post ? .post : .get
        guard request.method == method else {
            var response = Self.plain(.methodNotAllowed, "send votes with \(method.rawValue), as the rating form does")
            response.headers[.allow] = method.rawValue
            return response
        }
        let text: String
        if method == .post {
            let type = request.headers[.contentType]?.lowercased() ?? ""
            guard type.hasPrefix("application/x-www-form-urlencoded") else {
                return Self.plain(.unsupportedMediaType, "send the vote as application/x-www-form-urlencoded, as the rating form does")
            }
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

        let checked: (vote: Vote, page: ServedSite.SkillPage)
        do {
            checked = try VoteCheck.vote(from: try FormBody.parse(text), form: form, site: site)
        } catch let rejection as VoteCheck.Rejection {
            return Self.plain(.badRequest, rejection.message)
        } catch let invalid as FormBody.Invalid {
            return Self.plain(.badRequest, invalid.message)
        } catch {
            return Self.plain(.badRequest, "the vote could not be read")
        }
        do {
            try await votes.append(checked.vote)
        } catch {
            say("error: the vote for \(checked.vote.skill) could not be recorded: \(error)")
            return Self.plain(.internalServerError, "the vote could not be recorded; the server's output says why")
        }
        say("Vote: \(checked.vote.skill), \(checked.vote.stars) star\(checked.vote.stars == 1 ? "" : "s") → \(votes.display)")
        // The voter's next page load should already count the vote.
        await rebuilder.rebuild(because: "vote for \(checked.vote.skill)")
        return Response(status: .seeOther, headers: [.location: "/" + checked.page.href + "#" + RatingForm.thanksID])
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
