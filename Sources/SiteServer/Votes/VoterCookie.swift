import Foundation

/// Who voted: a random id the receiver gives each browser in a cookie, never a name the form
/// sends, so nobody can vote in another voter's name or replace their vote. A browser's second
/// vote for a skill carries the same id and replaces its first.
enum VoterCookie {
    static let name = "sitegen_voter"
    /// 400 days, the longest a browser keeps a cookie.
    static let maxAge = 400 * 24 * 60 * 60

    /// The voter id in a `Cookie` header, when one is there and well formed: 32 lowercase hex
    /// digits, as `newID` makes them. Anything else is ignored and a new id given.
    static func id(in header: String?) -> String? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { continue }
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            if isID(value) { return value }
        }
        return nil
    }

    static func isID(_ value: String) -> Bool {
        value.utf8.count == 32 && value.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// 128 random bits as hex.
    static func newID() -> String {
        var random = SystemRandomNumberGenerator()
        return hex(random.next()) + hex(random.next())
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// `Set-Cookie` for `id`: not readable by scripts, sent along when the site's own form posts
    /// and with top-level visits, and for the whole site; with `secure`, over https only, so a
    /// network that downgrades a visit to http never sees it.
    static func setCookie(_ id: String, secure: Bool = false) -> String {
        "\(name)=\(id); Max-Age=\(maxAge); Path=/; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }
}
