import Foundation

/// `application/x-www-form-urlencoded` text (a POST body or a GET query) as name → values.
/// Strict: invalid percent-encoding is an error rather than a guess.
enum FormBody {
    struct Invalid: Error, Equatable {
        let message: String
    }

    static func parse(_ text: String) throws(Invalid) -> [String: [String]] {
        var fields: [String: [String]] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try decode(parts[0])
            let value = parts.count > 1 ? try decode(parts[1]) : ""
            fields[name, default: []].append(value)
        }
        return fields
    }

    static func decode(_ part: Substring) throws(Invalid) -> String {
        let plus = part.replacingOccurrences(of: "+", with: " ")
        guard let decoded = plus.removingPercentEncoding else {
            throw Invalid(message: "the form data is not valid URL encoding")
        }
        return decoded
    }
}
