import CatalogueModel
import ContentLoading
import Foundation
import Hummingbird
import PageRendering
import SiteAssembly

/// The local end of the rating form: takes a vote through `VoteReception`, appends it to the
/// events file, rebuilds, and sends the voter back to `<skill page>#rated-4`. Refused votes
/// get a 4xx and a plain message, and nothing is written; a vote the file refuses gets 500.
struct RatingReceiver: Sendable {
    let rebuilder: SiteRebuilder
    let votes: VoteLog
    let reception: VoteReception
    let say: @Sendable (String) -> Void

    init(rebuilder: SiteRebuilder, votes: VoteLog, maxBodyBytes: Int, say: @escaping @Sendable (String) -> Void) {
        self.rebuilder = rebuilder
        self.votes = votes
        self.reception = VoteReception(maxBodyBytes: maxBodyBytes, say: say)
        self.say = say
    }

    func receive(_ request: Request, form: RatingFormConfig, site: ServedSite) async -> Response {
        let accepted: VoteIntake.Accepted
        switch await reception.read(request, head: VoteRequest(request), form: form, site: site) {
        case .refused(let response): return response
        case .accepted(let vote): accepted = vote
        }
        let vote = accepted.vote
        let appended: VoteLog.Appended
        do {
            appended = try await votes.append(vote)
            if let torn = appended.droppedTornLine {
                say(
                    "warning: removed the torn last line of \(votes.display), left by an interrupted write: \(VoteCheck.shown(torn))"
                )
            }
        } catch {
            say("error: the vote for \(vote.skill) could not be recorded: \(error)")
            return VoteReception.plain(
                .internalServerError, "the vote could not be recorded; the server's output says why")
        }
        say(
            "Vote: \(vote.skill), \(vote.stars) star\(vote.stars == 1 ? "" : "s")\(vote.comment == nil ? "" : " and a comment") → \(votes.display)"
        )
        // The voter's next page load should already count the vote.
        await rebuilder.rebuild(because: "vote for \(vote.skill)", appended: appended.votes)
        return VoteReception.thanks(accepted, pageBase: "/")
    }
}

/// Hands requests for the form's endpoint to the receiver; everything else goes on.
struct RatingReceiverMiddleware<Context: RequestContext>: RouterMiddleware {
    let receiver: RatingReceiver

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let site = await receiver.rebuilder.site, let form = site.form, let path = site.receiverPath,
            request.uri.path == path
        else {
            return try await next(request, context)
        }
        return await receiver.receive(request, form: form, site: site)
    }
}
