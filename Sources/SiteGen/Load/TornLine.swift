import Foundation

/// The last line of a vote log cut short by an interrupted append (a full disk, a crash): no final
/// newline, and JSON that stops before the object closes. A write-ahead log treats such a tail as
/// never written, and so do the reader (a warning, not an error) and `sitegen serve`'s vote log
/// (which drops it before appending). A complete line that is wrong stays an error.
public enum TornLine {
    /// Whether `line` (without its line break) is the beginning of a JSON object that stops too
    /// soon, rather than JSON that is complete or wrong before its end.
    public static func isTorn(_ line: some Collection<UInt8>) -> Bool {
        guard line.first(where: { $0 != 0x20 && $0 != 0x09 }) == 0x7B else { return false }
        do {
            _ = try JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed])
            return false
        } catch {
            // Foundation names the offset of a wrong byte ("around character 13") and none when
            // the text only ends too early.
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            return JSONProblem.characterOffset(in: detail) == nil && detail.contains("end of file")
        }
    }
}
