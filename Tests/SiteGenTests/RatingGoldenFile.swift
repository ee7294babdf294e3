import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Golden files for rating markup under `Tests/SiteGenTests/Golden/`, compared byte for byte.
/// `UPDATE_GOLDEN=1 swift test` rewrites them from the current output (then review the diff).
enum RatingGoldenFile {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    /// The repository root, for files the tests keep in sync outside the test folder (docs/).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" }

    /// Compares `actual` with the file, or writes it when updating.
    static func check(_ actual: String, against file: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if updating {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: file)
            return
        }
        guard let expected = try? Data(contentsOf: file) else {
            Issue.record(
                "missing golden file \(file.path): run UPDATE_GOLDEN=1 swift test", sourceLocation: sourceLocation)
            return
        }
        #expect(
            Data(actual.utf8) == expected, "\(file.lastPathComponent) differs from the output:\n\(actual)",
            sourceLocation: sourceLocation)
    }

    static func check(_ actual: String, golden name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try check(actual, against: folder.appendingPathComponent(name), sourceLocation: sourceLocation)
    }
}

/// Well-formedness by a real XML parser: every SVG (and the chart's table) must parse.
enum RatingXML {
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [String] = []
        var attributes: [[String: String]] = []
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            elements.append(name)
            self.attributes.append(attributes)
        }
    }

    /// Element names in document order, or nil with the parser's error when not well-formed.
    static func parse(_ text: String) -> (elements: [String], attributes: [[String: String]], error: String?) {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = Collector()
        parser.delegate = collector
        let ok = parser.parse()
        let error = ok ? nil : (parser.parserError.map { "\($0)" } ?? "unknown XML error")
        return (collector.elements, collector.attributes, error)
    }
}
