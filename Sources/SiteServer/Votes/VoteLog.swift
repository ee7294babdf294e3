import CatalogueModel
import ContentLoading
import Foundation
import PageRendering
import SiteAssembly

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Appends votes to a `.jsonl` events file inside the content folder. The actor runs one append
/// at a time, and each line goes out in one `write` to a file opened for appending, then `fsync`:
/// concurrent votes never interleave, and a vote answered with 303 is on disk.
///
/// A vote is written only to a regular file reached without following a link below the content
/// folder: anything that can post a vote must not be able to append to a file elsewhere. A write
/// that fails part-way (a full disk) is cut back off, so the file never keeps half a line.
actor VoteLog {
    struct WriteError: Error, CustomStringConvertible {
        let description: String
    }

    /// `write(2)`: tests put one in its place that fails part-way, as a full disk does.
    typealias Write = @Sendable (_ descriptor: Int32, _ bytes: Data) -> Int

    /// What an append did besides adding the vote.
    struct Appended: Equatable {
        /// The unfinished last line of an earlier, interrupted write that was removed first.
        var droppedTornLine: String?
        /// The line and the file before and after it, when the line is all that changed: the
        /// kept site can count the vote without reading the file again.
        var votes: AppendedVotes?
    }

    /// The content folder, where link checks start: it may itself be reached through a link.
    let folder: URL
    let folderDisplay: String
    /// The file below `folder`, `/`-separated.
    let path: String
    /// The file as the user would type it, for messages.
    nonisolated var display: String { folderDisplay + "/" + path }
    private let write: Write

    init(folder: URL, folderDisplay: String, path: String, write: @escaping Write = VoteLog.systemWrite) {
        self.folder = folder
        self.folderDisplay = folderDisplay
        self.path = path
        self.write = write
    }

    static let systemWrite: Write = { descriptor, bytes in DescriptorBytes.writeOnce(bytes, to: descriptor) }

    /// The line for `vote`, with its newline.
    func line(for vote: Ballot, at date: Date) -> Data {
        VoteLogLine(
            skill: vote.skill, stars: vote.stars, timestamp: date.ISO8601Format(), user: vote.user,
            comment: vote.comment
        ).data
    }

    @discardableResult
    func append(_ vote: Ballot, at date: Date = Date()) throws -> Appended {
        var data = line(for: vote, at: date)
        let fd = try openFile()
        defer { close(fd) }
        // Another `sitegen serve` on the same content folder waits its turn: the length read
        // below must still be the length when the line goes out.
        guard flock(fd, LOCK_EX) == 0 else { throw failure("cannot lock \(display)") }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure("cannot read the size of \(display)") }
        var appended = Appended()
        var length = off_t(info.st_size)
        let before = ContentStamp(info)
        var whole = false
        switch try lastLine(fd, length: length) {
        case .finished:
            whole = true
        case .torn(let tail):
            guard ftruncate(fd, length - off_t(tail.count)) == 0 else {
                throw failure("cannot remove the torn last line of \(display)")
            }
            length -= off_t(tail.count)
            appended.droppedTornLine = String(decoding: tail, as: UTF8.self)
        case .unfinished:
            // A file edited by hand may lack its last newline; the vote must not join that line.
            data.insert(0x0A, at: 0)
        }
        try writeWhole(data, to: fd, length: length)
        guard fsync(fd) == 0 else {
            let error = failure("cannot flush \(display)")
            _ = ftruncate(fd, length)
            throw error
        }
        if whole, fstat(fd, &info) == 0 {
            appended.votes = AppendedVotes(
                path: folder.appendingPathComponent(path).path, lines: String(decoding: data, as: UTF8.self),
                skill: vote.skill, user: vote.user,
                before: before, after: ContentStamp(info))
        }
        return appended
    }

    /// Opens the file for appending, creating it and its folders, and refuses links and anything
    /// but a regular file on the way.
    private func openFile() throws -> Int32 {
        var segments = path.split(separator: "/").map(String.init)
        guard let name = segments.popLast() else { throw WriteError(description: "no file name in \(display)") }
        let directory: Int32
        do {
            directory = try LinkFreeFolder.open(segments, below: folder, rootDisplay: folderDisplay)
        } catch {
            throw WriteError(
                description: error.isLink
                    ? "\(error.path) is a symbolic link; votes are written only to a real folder inside the content folder, so replace it with one"
                    : error.description)
        }
        defer { close(directory) }
        // O_NONBLOCK: opening a FIFO must not hang the server; it is refused just below.
        let fd = openat(directory, name, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            if LinkFreeFolder.isLink(name, in: directory) {
                throw WriteError(
                    description: "\(display) is a symbolic link; votes are not written through links, so remove it")
            }
            throw failure("cannot open \(display)")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw WriteError(
                description: "\(display) is not a regular file; votes are written only to a plain file, so remove it")
        }
        guard info.st_nlink == 1 else {
            close(fd)
            throw WriteError(
                description:
                    "\(display) has \(info.st_nlink) hard links; votes are not written to a file that is also elsewhere"
            )
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    private enum LastLine {
        /// Empty, or ends with a newline.
        case finished
        /// The bytes after the last newline are the start of a vote line cut short.
        case torn([UInt8])
        /// No final newline, but a complete (or not vote-like) line.
        case unfinished
    }

    /// How the file ends. Only the last 64 KiB are read: a longer last line is no vote line.
    private func lastLine(_ fd: Int32, length: off_t) throws -> LastLine {
        guard length > 0 else { return .finished }
        let count = Int(min(length, 1 << 16))
        guard var tail = DescriptorBytes.read(fd, size: count, at: Int(length) - count), tail.count == count else {
            throw failure("cannot read the end of \(display)")
        }
        if tail.last == 0x0A { return .finished }
        if let newline = tail.lastIndex(of: 0x0A) {
            tail.removeSubrange(...newline)
        } else if count < length {
            return .unfinished
        }
        return TornLine.isTorn(tail) ? .torn(tail) : .unfinished
    }

    /// One `write` of the whole line. A failed or short write is cut back to `length`, so the
    /// file is as it was and the next build does not trip over half a vote.
    private func writeWhole(_ data: Data, to fd: Int32, length: off_t) throws {
        var written: Int
        repeat {
            written = write(fd, data)
        } while written < 0 && errno == EINTR
        guard written != data.count else { return }
        let error =
            written < 0
            ? failure("cannot write \(display)")
            : WriteError(
                description:
                    "cannot write \(display): only \(written) of \(data.count) bytes went out (is the disk full?)")
        guard ftruncate(fd, length) == 0 else {
            throw WriteError(
                description:
                    "\(error.description); removing the partial line failed too (\(String(cString: strerror(errno)))), so the next build warns about a torn last line"
            )
        }
        throw WriteError(description: "\(error.description); the file is as it was")
    }

    private func failure(_ what: String) -> WriteError {
        WriteError(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
