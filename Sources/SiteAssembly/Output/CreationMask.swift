import Foundation

/// The process's file-creation mask (umask), read without changing it: `umask(2)` can only be
/// read by setting it, which would race with the writer's threads creating files. When the mask
/// clears no bit of the published modes (0644 files, 0755 folders), `open` and `mkdir` already
/// make them so, and the writer spares a `chmod` per file and folder.
enum CreationMask {
    /// The mask, from Linux's `/proc/self/status`; nil where that cannot be read (the writer then
    /// sets every mode itself).
    static let current: UInt32? = {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        return parse(status: status)
    }()

    /// Whether files and folders are created with the published modes as they are.
    static var keepsPublishedModes: Bool {
        guard let mask = current else { return false }
        return mask & 0o755 == 0 && mask & 0o644 == 0
    }

    /// The `Umask:` line of a `/proc/<pid>/status` text (octal), or nil.
    static func parse(status: String) -> UInt32? {
        for line in status.split(separator: "\n") where line.hasPrefix("Umask:") {
            return UInt32(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8)
        }
        return nil
    }
}
