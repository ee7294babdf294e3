import Foundation
import SiteGen
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Appends votes to a `.jsonl` events file. The actor runs one append at a time, and each line
/// goes out in one `write` to a file opened for appending, then `fsync`: concurrent votes never
/// interleave, and a vote answered with 303 is on disk.
actor VoteLog {
    struct WriteError: Error, CustomStringConvertible {
        let description: String
    }

    let file: URL
    /// The file as the user would type it, for messages.
    let display: String
    private let encoder: JSONEncoder

    init(file: URL, display: String) {
        self.file = file
        self.display = display
        let encoder = JSONEncoder()
        // Sorted keys give `{"skill":…,"stars":…,"timestamp":…,"user":…}`, the order of the samples.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        self.encoder = encoder
    }

    private struct Line: Encodable {
        var skill: String
        var stars: Int
        var timestamp: String
        var user: String?
    }

    /// The line for `vote`, with its newline.
    func line(for vote: Vote, at date: Date) throws -> Data {
        var data = try encoder.encode(Line(skill: vote.skill, stars: vote.stars, timestamp: date.ISO8601Format(), user: vote.user))
        data.append(0x0A)
        return data
    }

    func append(_ vote: Vote, at date: Date = Date()) throws {
        var data = try line(for: vote, at: date)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let fd = open(file.path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(description: "cannot open \(file.path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        // A file edited by hand may lack its last newline; the vote must not join that line.
        var info = stat()
        if fstat(fd, &info) == 0, info.st_size > 0 {
            var last: UInt8 = 0
            if pread(fd, &last, 1, info.st_size - 1) == 1, last != 0x0A { data.insert(0x0A, at: 0) }
        }
        let failure = FullWrite.write(data, to: fd)
        if let failure { throw WriteError(description: "cannot write \(file.path): \(String(cString: strerror(failure)))") }
        guard fsync(fd) == 0 else { throw WriteError(description: "cannot flush \(file.path): \(String(cString: strerror(errno)))") }
    }
}
