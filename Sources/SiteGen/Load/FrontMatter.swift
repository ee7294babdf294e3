import Foundation

/// Splits a Markdown file into its YAML front matter and body.
struct FrontMatter {
    var yaml: String
    /// Lines before the YAML text starts (the opening `---`), to report file line numbers.
    var yamlLineOffset: Int
    var body: String

    enum Problem: Error, Equatable {
        case missingOpening
        case missingClosing
    }

    static func split(_ text: String) throws(Problem) -> FrontMatter {
        // Normalise line endings once, so CRLF files report the same lines as LF files.
        let text = text.contains("\r") ? text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n") : text
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard let first = lines.first, first.trimmingWhitespace() == "---" else { throw .missingOpening }
        lines = lines.dropFirst()
        var yamlLines: [Substring] = []
        while let line = lines.first {
            lines = lines.dropFirst()
            let trimmed = line.trimmingWhitespace()
            if trimmed == "---" || trimmed == "..." {
                return FrontMatter(
                    yaml: yamlLines.joined(separator: "\n"),
                    yamlLineOffset: 1,
                    body: lines.joined(separator: "\n")
                )
            }
            yamlLines.append(line)
        }
        throw .missingClosing
    }
}
