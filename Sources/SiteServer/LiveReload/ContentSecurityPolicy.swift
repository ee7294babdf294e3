import Foundation
import PageRendering

/// Lets the live-reload script and the overlay's style run under a page's Content-Security-Policy
/// by adding their nonce to the directive that governs each (`script-src-elem`, else `script-src`,
/// else `default-src`; the same for styles), instead of dropping the policy. A directive that
/// already allows inline code (`'unsafe-inline'` with no nonce or hash, which a nonce would turn
/// off) and a policy that restricts neither are left as they are.
enum ContentSecurityPolicy {
    /// A header's value: policies separated by commas, each enforced on its own.
    static func allowing(nonce: String, _ value: String) -> String {
        value.split(separator: ",", omittingEmptySubsequences: false)
            .map { amend(String($0), nonce: nonce) }.joined(separator: ",")
    }

    private static func amend(_ policy: String, nonce: String) -> String {
        var directives = policy.split(separator: ";", omittingEmptySubsequences: false)
            .map { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
        let token = "'nonce-\(nonce)'"
        for kind in ["script", "style"] {
            let governing = ["\(kind)-src-elem", "\(kind)-src", "default-src"].lazy
                .compactMap { name in directives.firstIndex { $0.first?.lowercased() == name } }.first
            guard let index = governing else { continue }
            var sources = Array(directives[index].dropFirst())
            let lowered = sources.map { $0.lowercased() }
            let keyed = lowered.contains { $0.hasPrefix("'nonce-") || $0.hasPrefix("'sha") }
            if lowered.contains("'unsafe-inline'") && !keyed || sources.contains(token) { continue }
            sources.removeAll { $0.lowercased() == "'none'" }
            directives[index] = [directives[index][0]] + sources + [token]
        }
        let text = directives.map { $0.joined(separator: " ") }.joined(separator: "; ")
        return policy.first == " " ? " " + text : text
    }

    /// `page` with every `<meta http-equiv="Content-Security-Policy" content="…">` amended.
    static func allowingInMetaTags(nonce: String, _ page: [UInt8]) -> [UInt8] {
        // Most pages set no policy: they cost one pass over their bytes.
        guard page.firstCaseless(Array("content-security-policy".utf8)) != nil else { return page }
        var out: [UInt8] = []
        var copied = 0
        var search = 0
        let opening = Array("<meta".utf8)
        while let start = page.firstCaseless(opening, from: search) {
            guard let end = page[start...].firstIndex(of: UInt8(ascii: ">")) else { break }
            search = end + 1
            let tag = String(decoding: page[start...end], as: UTF8.self)
            guard let policy = metaPolicy(tag) else { continue }
            let amended = allowing(nonce: nonce, policy)
            out += page[copied..<start]
            out += Array("<meta http-equiv=\"Content-Security-Policy\" content=\"\(HTML.escape(amended))\">".utf8)
            copied = end + 1
        }
        guard copied > 0 else { return page }
        return out + page[copied...]
    }

    /// The policy a `<meta>` tag sets, unescaped; nil for any other meta tag.
    static func metaPolicy(_ tag: String) -> String? {
        guard tag.firstMatch(of: /(?i)http-equiv\s*=\s*["']?content-security-policy["'\s\/>]/) != nil,
            let match = tag.firstMatch(of: /(?i)\scontent\s*=\s*(?:"([^"]*)"|'([^']*)')/)
        else { return nil }
        return unescape(String(match.1 ?? match.2 ?? ""))
    }

    private static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var text = text
        for (entity, character) in [
            ("&quot;", "\""), ("&#34;", "\""), ("&#39;", "'"), ("&#x27;", "'"), ("&apos;", "'"), ("&lt;", "<"),
            ("&gt;", ">"), ("&amp;", "&"),
        ] {
            text = text.replacingOccurrences(of: entity, with: character, options: .caseInsensitive)
        }
        return text
    }
}
