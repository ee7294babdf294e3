import Foundation

/// The last line of a vote log cut short by an interrupted append (a full disk, a crash): no final
/// newline, and JSON that stops before the object closes, perhaps inside a character. A
/// write-ahead log treats such a tail as never written, and so do the reader (a warning, not an
/// error) and `sitegen serve`'s vote log (which drops it before appending). A complete line that
/// is wrong stays an error.
public enum TornLine {
    /// Whether `line` (without its line break) is the beginning of a JSON object that stops too
    /// soon, rather than JSON that is complete or wrong before its end.
    public static func isTorn(_ line: some Collection<UInt8>) -> Bool {
        let bytes = Array(line)
        guard bytes.first(where: { $0 != 0x20 && $0 != 0x09 }) == 0x7B else { return false }
        do {
            _ = try JSONSerialization.jsonObject(
                with: Data(bytes.dropLast(cutCharacterLength(bytes))), options: [.fragmentsAllowed])
            return false
        } catch {
            // Foundation names the offset of a wrong byte ("around character 13") and none when
            // the text only ends too early.
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            return JSONProblem.characterOffset(in: detail) == nil && detail.contains("end of file")
        }
    }

    /// A log's bytes without the start of a character its torn last line was cut inside, so
    /// that the rest reads as UTF-8 and the line as torn; other bytes are returned as they are.
    static func withoutCutCharacter(_ data: Data) -> Data {
        let bytes = [UInt8](data.suffix(4))
        let cut = cutCharacterLength(bytes)
        guard cut > 0 else { return data }
        let kept = data.dropLast(cut)
        let lastLine = kept.lastIndex(of: 0x0A).map { kept[($0 + 1)...] } ?? kept[...]
        return isTorn(lastLine) ? Data(kept) : data
    }

    /// How many bytes at the end of `bytes` begin a UTF-8 character that is not all there (0…3).
    static func cutCharacterLength(_ bytes: [UInt8]) -> Int {
        guard !bytes.isEmpty else { return 0 }
        for back in 1...min(3, bytes.count) {
            let byte = bytes[bytes.count - back]
            guard byte & 0xC0 == 0x80 else {
                // A lead byte: how long its character is.
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return length > back ? back : 0
            }
        }
        return 0
    }
}
