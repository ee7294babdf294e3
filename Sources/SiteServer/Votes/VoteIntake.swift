import CatalogueModel
import ContentLoading
import Foundation
import PageRendering

/// The request parts a vote is judged on, free of any HTTP library's types.
struct VoteRequest: Sendable {
    /// `GET` or `POST`.
    var method: String
    var contentType: String?
    /// `Sec-Fetch-Site`.
    var fetchSite: String?
    var origin: String?
    /// The request's own scheme and `Host`, which `origin` must match unless `site` is given.
    var scheme: String
    var authority: String?
    /// All `Cookie` headers, joined with `; `.
    var cookie: String?
    var referer: String? = nil
    /// The origin of the site's pages when it is not the request's own (`sitegen collect`: the
    /// base URL's, as a proxy in front may change the `Host`).
    var site: VoteOrigin.Endpoint? = nil

    /// Where votes must come from.
    var pagesOrigin: VoteOrigin.Endpoint? {
        site ?? authority.flatMap { VoteOrigin.Endpoint("\(scheme)://\($0)") }
    }
}

/// From a vote request to the vote to record, or the refusal to send: the one path every vote
/// takes. `sitegen serve` (`RatingReceiver`) and `sitegen collect` (`VoteCollector`) both call it
/// through `VoteReception`, so both take, refuse and attribute votes alike.
///
/// In order: the method the form uses (405), a page of the site itself (403, `VoteOrigin`), a
/// form-encoded body (415), the fields and the honeypot (400, `VoteCheck`). The origin is checked for GET forms
/// too: a link or an image on another site could vote through them. Reading the body, and so its
/// size limit (413), belongs to the caller's HTTP stack. The voter is the `VoterCookie` id, a
/// new one when the request has none; a posted `user` is ignored.
enum VoteIntake {
    struct Refusal: Error, Equatable {
        enum Status: Int, Sendable {
            case badRequest = 400
            case forbidden = 403
            case methodNotAllowed = 405
            case unsupportedMediaType = 415
        }

        var status: Status
        var message: String
        /// For 405: the method to use.
        var allow: String?
    }

    struct Accepted: Sendable {
        var vote: Ballot
        var page: ServedSite.SkillPage
        /// For the response, when the voter was given a new id.
        var setCookie: String?
    }

    /// The method the form sends votes with.
    static func method(of form: RatingFormConfig) -> String {
        form.method == .post ? "POST" : "GET"
    }

    /// What can be refused before the body is read.
    static func screen(_ request: VoteRequest, form: RatingFormConfig) -> Refusal? {
        let method = method(of: form)
        guard request.method == method else {
            return Refusal(
                status: .methodNotAllowed, message: "send votes with \(method), as the rating form does", allow: method)
        }
        if let reason = VoteOrigin.refusal(
            fetchSite: request.fetchSite, origin: request.origin, referer: request.referer,
            site: request.pagesOrigin)
        {
            return Refusal(status: .forbidden, message: reason)
        }
        if method == "POST" && !isFormEncoded(request.contentType) {
            return Refusal(
                status: .unsupportedMediaType,
                message: "send the vote as application/x-www-form-urlencoded, as the rating form does")
        }
        return nil
    }

    /// The vote in `form text` (the POST body, or the GET query), checked against the form and
    /// the catalogue.
    /// - Parameter secureCookie: a new voter's cookie goes only over https (the site is https).
    static func accept(
        _ request: VoteRequest, formText: String, form: RatingFormConfig, site: ServedSite,
        secureCookie: Bool = false
    ) throws(Refusal) -> Accepted {
        if let refusal = screen(request, form: form) { throw refusal }
        var checked: (vote: Ballot, page: ServedSite.SkillPage)
        do {
            checked = try VoteCheck.vote(from: try FormBody.parse(formText), form: form, site: site)
        } catch let rejection as VoteCheck.Rejection {
            throw Refusal(status: .badRequest, message: rejection.message)
        } catch let invalid as FormBody.Invalid {
            throw Refusal(status: .badRequest, message: invalid.message)
        } catch {
            throw Refusal(status: .badRequest, message: "the vote could not be read")
        }
        let known = VoterCookie.id(in: request.cookie)
        let voter = known ?? VoterCookie.newID()
        checked.vote.user = voter
        return Accepted(
            vote: checked.vote, page: checked.page,
            setCookie: known == nil ? VoterCookie.setCookie(voter, secure: secureCookie) : nil)
    }

    /// The media type alone decides; `; charset=…` and other parameters may follow.
    static func isFormEncoded(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased() == "application/x-www-form-urlencoded"
    }
}
