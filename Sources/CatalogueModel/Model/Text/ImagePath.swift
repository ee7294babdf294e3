/// Turns what a skill file says about its image into a safe reference, or explains why not.
public enum ImagePath {
    public static let allowedExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "avif"]

    public enum Rejection: Error, Equatable, Sendable {
        case unsafeURL
        case outsideContent
        case unsupportedType(String)
    }

    /// - Parameters:
    ///   - raw: the value from the skill file.
    ///   - base: folder (relative to the content root) that relative paths start from.
    public static func resolve(_ raw: String, base: String) -> Result<ImageReference, Rejection>? {
        guard let text = Placeholder.given(raw) else { return nil }
        if SafeURL.isHTTP(text) {
            guard let url = SafeURL.external(text) else { return .failure(.unsafeURL) }
            return .success(.remote(url))
        }
        if text.contains(":") || text.hasPrefix("/") || text.hasPrefix("\\") || text.contains("\\") {
            return .failure(.unsafeURL)
        }
        var parts = base.split(separator: "/").map(String.init)
        for part in text.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                if parts.isEmpty { return .failure(.outsideContent) }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        guard let last = parts.last else { return .failure(.outsideContent) }
        let ext = last.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard last.contains("."), allowedExtensions.contains(ext) else { return .failure(.unsupportedType(ext)) }
        for part in parts where part.unicodeScalars.contains(where: { $0.value < 0x20 || SafeURL.isInvisible($0) }) {
            return .failure(.outsideContent)
        }
        return .success(.local(parts.joined(separator: "/")))
    }

    public static func message(for rejection: Rejection, raw: String) -> String {
        switch rejection {
        case .unsafeURL:
            "image `\(raw.prefix(80))` is not an http(s) URL or a path inside the content folder; it is ignored"
        case .outsideContent:
            "image `\(raw.prefix(80))` points outside the content folder; it is ignored"
        case .unsupportedType(let ext):
            "image `\(raw.prefix(80))` has type `\(ext)`; use one of \(allowedExtensions.sorted().joined(separator: ", "))"
        }
    }
}
