import CatalogueModel
import Foundation

/// Reads a content file as UTF-8 text, with the limits every input is held to.
package enum SourceText {
    /// Larger files are refused: a skill description has no business being this big, and
    /// refusing keeps a hostile catalogue from exhausting memory.
    static let maxBytes = InputLimits.skillFileBytes

    /// What a file that is not valid UTF-8 costs.
    package enum InvalidUTF8 {
        /// An error: the file is not read.
        case refuse
        /// A warning with this message and kind; invalid bytes are read as U+FFFD.
        case replace(warning: String, kind: String)
    }

    package static func read(
        _ url: URL, from source: ContentSource, displayPath: String, limit: Int = maxBytes,
        invalidUTF8: InvalidUTF8 = .refuse, _ log: inout DiagnosticLog
    ) -> String? {
        read(path: url.path, from: source, displayPath: displayPath, limit: limit, invalidUTF8: invalidUTF8, &log)
    }

    /// `read` of the file at `path` (as `URL.path` spells it).
    package static func read(
        path: String, from source: ContentSource, displayPath: String, limit: Int = maxBytes,
        invalidUTF8: InvalidUTF8 = .refuse, _ log: inout DiagnosticLog
    ) -> String? {
        guard let data = bytes(path: path, from: source, displayPath: displayPath, limit: limit, &log) else {
            return nil
        }
        return decode(data, displayPath: displayPath, limit: limit, invalidUTF8: invalidUTF8, &log)
    }

    /// The file's bytes (a regular file, at most `limit`), or nil with an error.
    package static func bytes(
        _ url: URL, from source: ContentSource, displayPath: String, limit: Int = maxBytes,
        _ log: inout DiagnosticLog
    ) -> Data? {
        bytes(path: url.path, from: source, displayPath: displayPath, limit: limit, &log)
    }

    /// `bytes` of the file at `path`.
    static func bytes(
        path: String, from source: ContentSource, displayPath: String, limit: Int = maxBytes,
        _ log: inout DiagnosticLog
    ) -> Data? {
        do {
            return try source.read(path, limit)
        } catch {
            log.error(displayPath, error.description)
            return nil
        }
    }

    package static func decode(
        _ data: Data, displayPath: String, limit: Int = maxBytes, invalidUTF8: InvalidUTF8 = .refuse,
        _ log: inout DiagnosticLog
    ) -> String? {
        if data.count > limit {
            log.error(
                displayPath,
                "file is \(data.count.grouped) bytes; the limit is \(limit.grouped) bytes (\(limit / (1024 * 1024)) MiB)"
            )
            return nil
        }
        var text: String
        if let valid = String(validating: data, as: UTF8.self) {
            text = valid
        } else {
            let (line, column) = firstInvalidUTF8(in: data)
            switch invalidUTF8 {
            case .refuse:
                log.error(displayPath, line: line, column: column, "file is not valid UTF-8 text; save it as UTF-8")
                return nil
            case .replace(let warning, let kind):
                log.append(Diagnostic.warning(displayPath, line: line, column: column, warning).kind(kind))
                text = String(decoding: data, as: UTF8.self)
            }
        }
        // A byte-order mark is legal but not part of the content.
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return text
    }

    /// Line and column of the first byte that breaks UTF-8, for the error message.
    static func firstInvalidUTF8(in data: Data) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        let bytes = [UInt8](data)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return (line, index - lineStart + 1)
            }
            if index + length > bytes.count { return (line, index - lineStart + 1) }
            let chunk = Array(bytes[index..<(index + length)])
            if String(validating: chunk, as: UTF8.self) == nil { return (line, index - lineStart + 1) }
            if byte == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += length
        }
        return (line, 1)
    }
}
