import Foundation
import Testing

@testable import SiteServer

/// The serve watcher hears about edits from the system instead of polling for them: with a poll
/// interval of an hour, edits are still picked up, in new folders too.
@Suite struct SourceWatcherTests {
    static func noPolling(_ options: inout ServeOptions) {
        options.pollInterval = .seconds(3600)
    }

    #if os(Linux)
        @Test func editsAreSeenWithoutPolling() async throws {
            try await TestServer.run(adjust: Self.noPolling) { (server: TestServer) async throws in
                #expect(server.lines.all.contains { $0.hasSuffix("for changes (through inotify)") })

                let skill = server.content.appendingPathComponent("skills/games/dice-roller.md")
                try Data("---\nname: Dice Roller Deluxe\ngroup: Games\n---\nRolls dice.\n".utf8).write(to: skill)
                #expect(
                    try await server.eventually {
                        try await server.get("/skills/games/dice-roller/").body.contains("Dice Roller Deluxe")
                    })

                // A new folder, then a second file in it once it exists: the folder is watched too.
                let folder = server.content.appendingPathComponent("skills/tools")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data("---\nname: Unit Converter\ngroup: Tools\n---\nConverts.\n".utf8).write(
                    to: folder.appendingPathComponent("unit-converter.md"))
                #expect(
                    try await server.eventually { try await server.get("/skills/tools/unit-converter/").status == 200 })
                try Data("---\nname: Timer\ngroup: Tools\n---\nCounts down.\n".utf8).write(
                    to: folder.appendingPathComponent("timer.md"))
                #expect(try await server.eventually { try await server.get("/skills/tools/timer/").status == 200 })

                // Removing a file is a change as well.
                try FileManager.default.removeItem(at: folder.appendingPathComponent("timer.md"))
                #expect(try await server.eventually { try await server.get("/skills/tools/timer/").status == 404 })
            }
        }

        /// A look waits while a file is open for writing, and not the whole settle time once the
        /// save is over: a new file written and closed, or written under a hidden name and
        /// renamed into place, as editors save.
        @Test func aSaveUnderWayIsNotSettledAndAClosedOneIs() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let events = try #require(FolderEvents(folders: [folder]))
            defer { events.stop() }
            // A new watcher is unsure of everything: its first take says nil (and would drop a path).
            _ = events.takeChanged()
            func named(_ name: String) async -> Bool {
                for _ in 0..<500 {
                    if events.takeChanged()?.contains(folder.appendingPathComponent(name).path) == true { return true }
                    try? await Task.sleep(for: .milliseconds(2))
                }
                return false
            }
            func settles() async -> Bool {
                for _ in 0..<500 {
                    if events.settled(quiet: .milliseconds(3)) { return true }
                    try? await Task.sleep(for: .milliseconds(2))
                }
                return false
            }
            #expect(events.settled(quiet: .zero), "nothing happened yet")

            let path = folder.appendingPathComponent("a.md").path
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.write(contentsOf: Data("---\nname: A\n".utf8))
            #expect(await named("a.md"))
            try await Task.sleep(for: .milliseconds(20))
            #expect(!events.settled(quiet: .zero), "the file is still open for writing")
            try handle.close()
            #expect(await settles())
            #expect(!events.settled(quiet: .seconds(3600)), "an event came within the hour")

            let hidden = folder.appendingPathComponent(".b.md.tmp")
            try Data("---\nname: B\n---\n".utf8).write(to: hidden)
            try FileManager.default.moveItem(at: hidden, to: folder.appendingPathComponent("b.md"))
            #expect(await named("b.md"))
            #expect(await settles())
        }

        @Test func aRemovedContentFolderFallsBackToPolling() async throws {
            try await TestServer.run { (server: TestServer) async throws in
                let moved = server.root.appendingPathComponent("Content-away")
                try FileManager.default.moveItem(at: server.content, to: moved)
                #expect(
                    await server.eventually {
                        server.lines.all.contains { $0.hasPrefix("note: stopped watching Content/ through inotify") }
                    })

                // Back in place with an edit: the polls see it.
                try FileManager.default.moveItem(at: moved, to: server.content)
                try Data("---\nname: Dice Roller Deluxe\ngroup: Games\n---\nRolls dice.\n".utf8)
                    .write(to: server.content.appendingPathComponent("skills/games/dice-roller.md"))
                #expect(
                    try await server.eventually {
                        try await server.get("/skills/games/dice-roller/").body.contains("Dice Roller Deluxe")
                    })
            }
        }
    #endif

    @Test func pollsAreSpacedByWhatALookCosts() {
        #expect(SourceWatcher.pollWait(after: .milliseconds(1), interval: .milliseconds(500)) == .milliseconds(500))
        #expect(SourceWatcher.pollWait(after: .milliseconds(300), interval: .milliseconds(500)) == .milliseconds(5700))
    }
}
