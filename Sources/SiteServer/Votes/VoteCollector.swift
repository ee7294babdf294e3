import CatalogueModel
import Databases
import Foundation
import Hummingbird
import VoteStore

/// `sitegen collect`'s end of the rating form: the rate limit, then the checks every vote takes
/// (`VoteReception`, as `serve`), then the store; the voter is answered `303` only once the vote
/// is committed and, when this service keeps the pages, once the rebuild that counts it has
/// written them (votes arriving during a rebuild share the next one), so the page the voter
/// lands on shows their vote.
struct VoteCollector: Sendable {
    let store: any VoteStore
    let reception: VoteReception
    let limiter: RateLimiter?
    /// The pages to rebuild before answering; nil when a scheduled build keeps them.
    let rebuilder: SiteRebuilder?
    /// The longest a voter waits for that rebuild; after it the 303 goes anyway, and the page
    /// counts the vote when the rebuild is done.
    var pageWait: Duration = .seconds(3)
    let say: @Sendable (String) -> Void

    func receive(
        _ request: Request, client: String, site: ServedSite, form: RatingFormConfig, pages: VoteOrigin.Endpoint
    ) async -> Response {
        if let limiter, let wait = await limiter.admit(client) { return Self.tooMany(wait) }
        var head = VoteRequest(request)
        head.site = pages
        let accepted: VoteIntake.Accepted
        switch await reception.read(request, head: head, form: form, site: site, secureCookie: pages.scheme == "https")
        {
        case .refused(let response): return response
        case .accepted(let vote): accepted = vote
        }
        guard let voter = accepted.vote.user else {
            return VoteReception.plain(.internalServerError, "the vote has no voter; this is a bug in sitegen")
        }
        let vote = Vote(
            skill: accepted.vote.skill, stars: accepted.vote.stars, voter: voter, time: Date(),
            comment: accepted.vote.comment)
        do {
            // A store that instances share keeps the limit for all of them, in the statement
            // that stores the vote; this instance's own limit above counts only what it sees.
            if let limiter, store.keepsRateLimits {
                let limit = VoteRateLimit(
                    client: RateLimitKey.of(client), count: limiter.limit.count, period: limiter.limit.period)
                if case .limited(let wait) = try await store.record(vote, within: limit) { return Self.tooMany(wait) }
            } else {
                try await store.record(vote)
            }
        } catch {
            say("error: the vote for \(vote.skill) could not be stored: \(error)")
            var response = VoteReception.plain(
                .serviceUnavailable, "the vote could not be stored; please try again in a moment")
            response.headers[.retryAfter] = String(VoteStoreError.retryAfterSeconds)
            return response
        }
        if let rebuilder {
            let skill = vote.skill
            try? await Deadline.run(within: pageWait, orThrow: CancellationError()) {
                await rebuilder.rebuild(because: "vote for \(skill)")
            }
        }
        return VoteReception.thanks(accepted, pageBase: site.baseURL)
    }

    static func tooMany(_ wait: Int) -> Response {
        var response = VoteReception.plain(.tooManyRequests, "too many votes from your address; try again in \(wait) s")
        response.headers[.retryAfter] = String(wait)
        return response
    }

    /// The path votes arrive at: the endpoint below the base URL's path for a path on the site,
    /// the URL's own path for a service on another host (`https://votes.example.org/rate`).
    static func path(of form: RatingFormConfig, basePath: String) -> String? {
        switch form.endpoint {
        case .sitePath: form.localPath(basePath: basePath)
        case .url(let url):
            URLComponents(string: url).map { $0.percentEncodedPath.isEmpty ? "/" : $0.percentEncodedPath }
        }
    }
}

/// Hands requests for the vote endpoint to the collector.
struct VoteCollectorMiddleware: RouterMiddleware {
    typealias Context = CollectContext
    let collector: VoteCollector
    let site: CollectedSite

    func handle(
        _ request: Request, context: CollectContext,
        next: (Request, CollectContext) async throws -> Response
    ) async throws -> Response {
        guard let current = await site.current, let form = current.form,
            let pages = VoteOrigin.Endpoint(pageURL: current.baseURL),
            request.uri.path == VoteCollector.path(of: form, basePath: current.basePath)
        else {
            return try await next(request, context)
        }
        return await collector.receive(request, client: context.client, site: current, form: form, pages: pages)
    }
}

/// The catalogue the service takes votes for: read once at start, or the last good build when
/// the service keeps the pages (and so follows edits to the content).
enum CollectedSite: Sendable {
    case fixed(ServedSite)
    case rebuilt(SiteRebuilder)

    var current: ServedSite? {
        get async {
            switch self {
            case .fixed(let site): site
            case .rebuilt(let rebuilder): await rebuilder.site
            }
        }
    }
}
