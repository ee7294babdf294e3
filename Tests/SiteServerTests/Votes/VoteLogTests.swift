import ContentLoading
import Foundation
import Testing

@testable import SiteServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The vote file: whole lines or nothing, and only a plain file inside the content folder.
@Suite struct VoteLogTests {
    /// A content folder with `ratings/` in a scratch folder that also has room outside it.
    struct Scratch {
        let root: URL
        var content: URL { root.appendingPathComponent("Content") }
        var votes: URL { content.appendingPathComponent("ratings/local-votes.jsonl") }
        var outside: URL { root.appendingPathComponent("outside.txt") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-log-\(UUID().uuidString)")
            try FileManager.default.createDirectory(
                at: content.appendingPathComponent("ratings"), withIntermediateDirectories: true)
        }

        func log(write: @escaping VoteLog.Write = VoteLog.systemWrite) -> VoteLog {
            VoteLog(folder: content, folderDisplay: "Content", path: "ratings/local-votes.jsonl", write: write)
        }

        func cleanUp() { try? FileManager.default.removeItem(at: root) }
    }

    static let vote = Ballot(skill: "news/x", stars: 3, user: "0123456789abcdef0123456789abcdef")
    static let line =
        #"{"skill":"news/x","stars":3,"timestamp":"1970-01-01T00:00:00Z","user":"0123456789abcdef0123456789abcdef"}"#
        + "\n"

    static func refusal(_ log: VoteLog) async -> String? {
        do {
            try await log.append(vote, at: Date(timeIntervalSince1970: 0))
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aVoteNeverJoinsAHandEditedLastLine() async throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try Data(#"{"skill":"a","stars":1}"#.utf8).write(to: scratch.votes)
        let appended = try await scratch.log().append(Self.vote, at: Date(timeIntervalSince1970: 0))
        #expect(appended.droppedTornLine == nil)
        #expect(try String(contentsOf: scratch.votes, encoding: .utf8) == "{\"skill\":\"a\",\"stars\":1}\n" + Self.line)
    }

    @Test func theFileAndItsFolderAreMadeWhenMissing() async throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try FileManager.default.removeItem(at: scratch.content.appendingPathComponent("ratings"))
        try await scratch.log().append(Self.vote, at: Date(timeIntervalSince1970: 0))
        #expect(try String(contentsOf: scratch.votes, encoding: .utf8) == Self.line)
    }

    /// A full disk: the write stops part-way. Before, the half line stayed and every later build
    /// failed on it.
    @Test(arguments: [0, 1, 40])
    func aWriteThatFailsPartWayLeavesTheFileAsItWas(bytesWritten: Int) async throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let before = Data(#"{"skill":"a","stars":1}"#.utf8 + [0x0A])
        try before.write(to: scratch.votes)
        let failing: VoteLog.Write = { descriptor, bytes in
            let count = DescriptorBytes.writeOnce(bytes.prefix(bytesWritten), to: descriptor)
            guard count == bytes.count else {
                errno = ENOSPC
                return -1
            }
            return count
        }
        let message = try #require(await Self.refusal(scratch.log(write: failing)))
        #expect(message.contains("No space left on device"), "\(message)")
        #expect(message.contains("the file is as it was"))
        #expect(try Data(contentsOf: scratch.votes) == before)
        // The next vote goes on as if nothing happened.
        try await scratch.log().append(Self.vote, at: Date(timeIntervalSince1970: 0))
        #expect(try Data(contentsOf: scratch.votes) == before + Data(Self.line.utf8))
    }

    @Test func aShortWriteIsCutBackToo() async throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let short: VoteLog.Write = { descriptor, bytes in
            DescriptorBytes.writeOnce(bytes.prefix(bytes.count / 2), to: descriptor)
        }
        let message = try #require(await Self.refusal(scratch.log(write: short)))
        #expect(message.contains("only 53 of 106 bytes went out"), "\(message)")
        #expect(try Data(contentsOf: scratch.votes).isEmpty)
    }

    /// What an interrupted write left before this fix (or a crash still can) goes before the next vote.
    @Test(arguments: [Data(#"{"skill":"news/x","st"#.utf8), Data(#"{"skill":"news/谜"#.utf8).dropLast(1)])
    func aTornLastLineIsRemovedBeforeTheNextVote(tail: Data) async throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try (Data("{\"skill\":\"a\",\"stars\":1}\n".utf8) + tail).write(to: scratch.votes)
        let appended = try await scratch.log().append(Self.vote, at: Date(timeIntervalSince1970: 0))
        #expect(appended.droppedTornLine == String(decoding: tail, as: UTF8.self))
        #expect(try String(contentsOf: scratch.votes, encoding: .utf8) == "{\"skill\":\"a\",\"stars\":1}\n" + Self.line)
    }

    /// Before, a vote went through a link into whatever file it named.
    @Test(arguments: [
        (
            true,
            "Content/ratings/local-votes.jsonl is a symbolic link; votes are not written through links, so remove it"
        ),
        (
            false,
            "Content/ratings/local-votes.jsonl has 2 hard links; votes are not written to a file that is also elsewhere"
        ),
    ])
    func aVoteFileThatIsAlsoElsewhereIsRefused(symbolic: Bool, message: String) async throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try Data("keep\n".utf8).write(to: scratch.outside)
        if symbolic {
            try FileManager.default.createSymbolicLink(at: scratch.votes, withDestinationURL: scratch.outside)
        } else {
            try FileManager.default.linkItem(at: scratch.outside, to: scratch.votes)
        }
        #expect(await Self.refusal(scratch.log()) == message)
        #expect(try String(contentsOf: scratch.outside, encoding: .utf8) == "keep\n")
    }

    @Test func aDanglingLinkIsNotCreatedThrough() async throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        try FileManager.default.createSymbolicLink(at: scratch.votes, withDestinationURL: scratch.outside)
        #expect(await Self.refusal(scratch.log()) != nil)
        #expect(!FileManager.default.fileExists(atPath: scratch.outside.path))
    }

    @Test func aLinkedRatingsFolderIsRefused() async throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        let elsewhere = scratch.root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.removeItem(at: scratch.content.appendingPathComponent("ratings"))
        try FileManager.default.createSymbolicLink(
            at: scratch.content.appendingPathComponent("ratings"), withDestinationURL: elsewhere)
        let message = try #require(await Self.refusal(scratch.log()))
        #expect(
            message.hasPrefix("Content/ratings is a symbolic link; votes are written only to a real folder"),
            "\(message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test func aFIFOIsRefusedWithoutWaiting() async throws {
        let scratch = try Scratch()
        defer { scratch.cleanUp() }
        #expect(mkfifo(scratch.votes.path, 0o644) == 0)
        let message = try #require(await Self.refusal(scratch.log()))
        #expect(message.contains("is not a regular file"), "\(message)")
    }
}
