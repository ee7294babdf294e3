/// Scans built files for anything a browser could run: the check every hostile-content test
/// applies to every output file.
enum HTMLScan {
    /// Problems found in `text`; empty when it is inert.
    static func problems(in text: String) -> [String] {
        var found: [String] = []
        // The one script element allowed is schema.org data (issue 7): a data block of type
        // application/ld+json, which browsers never run. It may hold no `<` at all, so nothing
        // inside it can close it early or open another element.
        let (text, dataBlockProblems) = removingJSONLD(text)
        found += dataBlockProblems
        let lower = text.lowercased()
        if lower.contains("<script") { found.append("`<script` in the text") }
        let decoded = decodeEntities(text).lowercased()
        for scheme in ["javascript:", "vbscript:"] {
            if lower.contains(scheme) { found.append("`\(scheme)` in the text") }
            if decoded.contains(scheme) { found.append("`\(scheme)` after decoding entities") }
            // Browsers drop tabs and newlines inside URLs.
            if String(decoded.filter { !$0.isWhitespace }).contains(scheme) {
                found.append("`\(scheme)` with whitespace removed")
            }
        }
        for tag in tags(in: text) {
            let name = tag.name.lowercased()
            if ["script", "iframe", "object", "embed", "base", "form", "frame", "frameset", "meta"].contains(name),
                !(name == "meta"
                    && tag.attributes.allSatisfy { ["charset", "name", "content", "property"].contains($0.name) })
            {
                found.append("a `<\(name)>` element")
            }
            for attribute in tag.attributes {
                if attribute.name.hasPrefix("on") { found.append("event handler `\(attribute.name)` on <\(name)>") }
                if ["href", "src", "action", "formaction", "xlink:href", "srcset", "poster", "data", "background"]
                    .contains(attribute.name)
                {
                    let url = String(
                        decodeEntities(attribute.value).filter {
                            !$0.isWhitespace && $0.asciiValue.map { $0 >= 0x20 } ?? true
                        }
                    )
                    .lowercased()
                    if !isSafeURL(url) {
                        found.append("unsafe URL `\(url.prefix(60))` in \(attribute.name) of <\(name)>")
                    }
                }
                if attribute.name == "style", decodeEntities(attribute.value).lowercased().contains("url(") {
                    found.append("url() in a style attribute")
                }
            }
        }
        return found
    }

    static let jsonLDOpen = "<script type=\"application/ld+json\">"

    static func removingJSONLD(_ text: String) -> (String, [String]) {
        var rest = Substring(text)
        var kept = ""
        var problems: [String] = []
        while let open = rest.range(of: jsonLDOpen) {
            kept += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "</script>") else {
                problems.append("an unclosed JSON-LD block")
                return (kept, problems)
            }
            let body = rest[open.upperBound..<close.lowerBound]
            if body.contains("<") { problems.append("`<` inside a JSON-LD block") }
            rest = rest[close.upperBound...]
        }
        return (kept + rest, problems)
    }

    /// Relative URLs and http, https and mailto ones.
    static func isSafeURL(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return true }
        // A colon after the first `/`, `?` or `#` is part of a relative path, not a scheme.
        if let stop = url.firstIndex(where: { "/?#".contains($0) }), stop < colon { return true }
        return ["http", "https", "mailto"].contains(String(url[..<colon]))
    }

    struct Tag {
        var name: String
        var attributes: [(name: String, value: String)]
    }

    /// Start tags with their attributes, parsed the way HTML5 tokenizes them (comments skipped).
    static func tags(in text: String) -> [Tag] {
        let chars = Array(text.unicodeScalars)
        var tags: [Tag] = []
        var i = 0
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" }
        while i < chars.count {
            guard chars[i] == "<" else {
                i += 1
                continue
            }
            if i + 3 < chars.count, chars[i + 1] == "!", chars[i + 2] == "-", chars[i + 3] == "-" {
                var j = i + 4
                while j + 2 < chars.count, !(chars[j] == "-" && chars[j + 1] == "-" && chars[j + 2] == ">") { j += 1 }
                i = j + 3
                continue
            }
            guard i + 1 < chars.count, chars[i + 1].properties.isAlphabetic else {
                i += 1
                continue
            }
            var j = i + 1
            var name = ""
            while j < chars.count, !isSpace(chars[j]), chars[j] != ">", chars[j] != "/" {
                name.unicodeScalars.append(chars[j])
                j += 1
            }
            var attributes: [(String, String)] = []
            while j < chars.count, chars[j] != ">" {
                if isSpace(chars[j]) || chars[j] == "/" {
                    j += 1
                    continue
                }
                var attribute = ""
                while j < chars.count, !isSpace(chars[j]), chars[j] != "=", chars[j] != ">",
                    !(chars[j] == "/" && !attribute.isEmpty)
                {
                    attribute.unicodeScalars.append(chars[j])
                    j += 1
                }
                var value = ""
                while j < chars.count, isSpace(chars[j]) { j += 1 }
                if j < chars.count, chars[j] == "=" {
                    j += 1
                    while j < chars.count, isSpace(chars[j]) { j += 1 }
                    if j < chars.count, chars[j] == "\"" || chars[j] == "'" {
                        let quote = chars[j]
                        j += 1
                        while j < chars.count, chars[j] != quote {
                            value.unicodeScalars.append(chars[j])
                            j += 1
                        }
                        j += 1
                    } else {
                        while j < chars.count, !isSpace(chars[j]), chars[j] != ">" {
                            value.unicodeScalars.append(chars[j])
                            j += 1
                        }
                    }
                }
                if !attribute.isEmpty { attributes.append((attribute.lowercased(), value)) }
            }
            tags.append(Tag(name: name, attributes: attributes))
            i = j + 1
        }
        return tags
    }

    /// Numeric and the common named character references, decoded repeatedly until stable so
    /// `&amp;#106;` counts too.
    static func decodeEntities(_ text: String) -> String {
        var current = text
        for _ in 0..<3 {
            let next = decodeOnce(current)
            if next == current { break }
            current = next
        }
        return current
    }

    private static func decodeOnce(_ text: String) -> String {
        let named: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":",
            "tab": "\t", "newline": "\n", "sol": "/", "lpar": "(", "rpar": ")",
        ]
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            let body = after.prefix { $0.isLetter || $0.isNumber || $0 == "#" }
            var replacement: String?
            if body.hasPrefix("#x") || body.hasPrefix("#X") {
                replacement = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map(String.init)
            } else if body.hasPrefix("#") {
                replacement = UInt32(body.dropFirst()).flatMap(Unicode.Scalar.init).map(String.init)
            } else {
                replacement = named[body.lowercased()]
            }
            if let replacement {
                out += replacement
                var next = after.dropFirst(body.count)
                if next.first == ";" { next = next.dropFirst() }
                rest = next
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }
}
