import CatalogueModel
import Foundation

/// Turns JSON parse failures into diagnostics at the real place in the file. JSONDecoder on
/// Linux reports only "not valid JSON", so on the error path the text is parsed again with
/// JSONSerialization, whose message carries the byte offset ("around character 13"); the
/// offset is turned into line and column, and the message into words a content author can act on.
package enum JSONProblem {
    /// Thrown before decoding when the text nests deeper than `InputLimits.nestingDepth`.
    struct TooDeep: Error {
        package let offset: Int
    }

    struct Syntax: Equatable {
        package var line: Int
        package var column: Int
        package var message: String
    }

    package static func diagnostic(for error: any Error, path: String, text: String) -> Diagnostic {
        let data = Data(text.utf8)
        if let deep = error as? TooDeep {
            let at = position(ofByte: deep.offset, in: data)
            return .error(
                path, line: at.line, column: at.column,
                "invalid JSON: nested more than \(InputLimits.nestingDepth) levels deep, the limit")
        }
        if let number = JSONNumberRange.firstOutOfRange(in: [UInt8](data)) {
            let at = position(ofByte: number.offset, in: data)
            return .error(path, line: at.line, column: at.column, number.message)
        }
        if let syntax = syntax(in: data) {
            return .error(path, line: syntax.line, column: syntax.column, "invalid JSON: \(syntax.message)")
        }
        return .error(path, "invalid JSON: \(cleaned(describe(error)))")
    }

    /// Where and why `data` is not JSON; nil when it is.
    static func syntax(in data: Data) -> Syntax? {
        let detail: String
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        }
        let bytes = [UInt8](data)
        guard let offset = characterOffset(in: detail), offset < bytes.count else {
            let end = position(ofByte: bytes.count, in: data)
            let what =
                bytes.allSatisfy(isSpace)
                ? "the file is empty" : "unexpected end of file: a string, `[` or `{` is not closed"
            return Syntax(line: end.line, column: end.column, message: what)
        }
        let state = scan(bytes, upTo: offset)
        if let stringStart = state.stringStart {
            let at = position(ofByte: offset, in: data)
            let opened = position(ofByte: stringStart, in: data)
            let found = shown(bytes, at: offset)
            let message =
                detail.hasPrefix("Invalid escape")
                ? "invalid escape sequence in a string (write `\\\\` for a backslash)"
                : "\(found) inside the string that starts at line \(opened.line), column \(opened.column): is its closing `\"` missing?"
            return Syntax(line: at.line, column: at.column, message: message)
        }
        // Foundation points just past a bare word ("tru") or at its first letter: report the word.
        var start = offset
        var end = offset
        while start > 0, isWordByte(bytes[start - 1]) { start -= 1 }
        while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
        let word = String(decoding: bytes[start..<end], as: UTF8.self)
        // A valid token (`1 2`, `1"b"`) is not the problem itself: what stands around it is.
        let validToken = ["true", "false", "null"].contains(word) || Double(word) != nil
        if start < end, !validToken {
            let at = position(ofByte: start, in: data)
            let message =
                word.first == "-" || word.first?.isNumber == true
                ? "invalid number `\(word.prefix(40))`"
                : "unexpected `\(word.prefix(40))`: text must be in double quotes; only true, false and null stand bare"
            return Syntax(line: at.line, column: at.column, message: message)
        }
        if detail.hasPrefix("Number with leading zero") {
            let at = position(ofByte: start, in: data)
            return Syntax(
                line: at.line, column: at.column, message: "numbers may not start with 0 (`\(word.prefix(40))`)")
        }
        let at = position(ofByte: offset, in: data)
        return Syntax(
            line: at.line, column: at.column,
            message: explain(detail, bytes: bytes, offset: offset, container: state.container))
    }

    private static func explain(_ detail: String, bytes: [UInt8], offset: Int, container: UInt8?) -> String {
        let found = shown(bytes, at: offset)
        if detail.hasPrefix("Too many nested") { return "nested too deeply" }
        // What came before says what was expected here.
        var before = offset - 1
        while before >= 0, isSpace(bytes[before]) { before -= 1 }
        let previous = before >= 0 ? bytes[before] : nil
        switch previous {
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: ":"):
            return "expected a value, found \(found)"
        case UInt8(ascii: "{"):
            return "expected a key in double quotes or `}`, found \(found)"
        case nil:
            return "expected `{` or `[`, found \(found)"
        default:
            if container == nil { return "unexpected \(found) after the end of the JSON value" }
            let closer = container == UInt8(ascii: "[") ? "`]`" : "`}`"
            if bytes[(before + 1)..<offset].contains(0x0A) {
                let line = bytes[...before].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
                return "expected `,` or \(closer), found \(found): is a comma missing at the end of line \(line)?"
            }
            return "expected `,` or \(closer), found \(found)"
        }
    }

    /// The innermost `[` or `{` still open at `offset`, and where the string that `offset` is
    /// in started, if it is in one.
    private static func scan(_ bytes: [UInt8], upTo offset: Int) -> (container: UInt8?, stringStart: Int?) {
        var stack: [UInt8] = []
        var stringStart: Int?
        var strings = JSONStringState()
        for (index, byte) in bytes[..<offset].enumerated() {
            let wasInString = strings.inString
            if strings.read(byte) {
                if !wasInString { stringStart = index }
                if !strings.inString { stringStart = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"): stack.append(byte)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): _ = stack.popLast()
            default: break
            }
        }
        return (stack.last, stringStart)
    }

    private static func shown(_ bytes: [UInt8], at offset: Int) -> String {
        let byte = bytes[offset]
        if byte == 0x0A || byte == 0x0D { return "a line break" }
        if byte < 0x20 { return "a control character" }
        if byte < 0x80 { return "`\(Character(Unicode.Scalar(byte)))`" }
        let scalar = String(decoding: bytes[offset...].prefix(4), as: UTF8.self).unicodeScalars.first
        return scalar.map { "`\($0)`" } ?? "a non-ASCII character"
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_")
    }

    /// Foundation says "… around character 13."; the number is a 0-based byte offset.
    static func characterOffset(in detail: String) -> Int? {
        guard let range = detail.range(of: "character ", options: .backwards) else { return nil }
        return Int(detail[range.upperBound...].prefix { $0.isNumber })
    }

    /// 1-based line, and column counted in Unicode scalars (as the YAML reader counts them).
    package static func position(ofByte offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = data.startIndex
        let end = data.index(data.startIndex, offsetBy: min(offset, data.count))
        var index = data.startIndex
        while index < end {
            if data[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        // Continuation bytes (10xxxxxx) do not start a scalar.
        let column = data[lineStart..<end].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return (line, column)
    }

    package static func describe(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            if let underlying = context.underlyingError {
                let nsError = underlying as NSError
                if let debug = nsError.userInfo[NSDebugDescriptionErrorKey] as? String { return debug }
                return "\(underlying)"
            }
            return context.debugDescription
        }
        if case DecodingError.typeMismatch(_, let context) = error { return context.debugDescription }
        return "\(error)"
    }

    static func cleaned(_ text: String) -> String {
        var t = text
        if let r = t.range(of: " around ") { t = String(t[..<r.lowerBound]) }
        if t.hasSuffix(".") { t.removeLast() }
        return t.isEmpty ? "the file could not be parsed" : t
    }
}

/// How deeply JSON nests, found with a byte scan that cannot recurse.
enum JSONNesting {
    /// Byte offset of the first `[` or `{` deeper than `limit`, or nil.
    static func firstTooDeep(in data: Data, limit: Int = InputLimits.nestingDepth) -> Int? {
        var depth = 0
        var strings = JSONStringState()
        for (offset, byte) in data.enumerated() where !strings.read(byte) {
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return offset }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return nil
    }
}
