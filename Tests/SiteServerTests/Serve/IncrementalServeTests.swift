import ContentLoading
import Foundation
import SiteAssembly
import SiteGenTesting
import Testing

/// `serve` rebuilds incrementally: a vote or an edit renders only what shows it, and the output
/// folder stays exactly what `sitegen build` writes from the same content.
@Suite struct IncrementalServeTests {
    @Test func aVoteRendersFewPagesAndTheFolderIsAFullBuilds() async throws {
        try await TestServer.run { server in
            #expect(try await server.vote("skill=games/dice-roller&stars=5").status == 303)
            let line = try #require(
                await server.lastLine { $0.hasPrefix("Built in") && $0.contains("(vote for games/dice-roller)") },
                "\(server.lines.all)")
            #expect(!line.contains("all rendered"), "\(line)")
            let rendered = try #require(line.firstMatch(of: /; (\d+) rendered/).flatMap { Int($0.1) }, "\(line)")
            let pages = try #require(line.firstMatch(of: /(\d+) pages/).flatMap { Int($0.1) }, "\(line)")
            #expect(rendered < pages, "\(line)")
            try await Self.expectFullBuild(server)
        }
    }

    @Test func aDeletedSkillLeavesTheFolderAsAFullBuildWouldWriteIt() async throws {
        try await TestServer.run { server in
            try FileManager.default.removeItem(
                at: server.root.appendingPathComponent("Content/skills/news/tech-digest.md"))
            let gone = try await server.eventually { try await server.get("/skills/news/tech-digest/").status == 404 }
            #expect(gone)
            try await Self.expectFullBuild(server)
            let folder = server.root.appendingPathComponent("Public/skills/news/tech-digest")
            #expect(!FileManager.default.fileExists(atPath: folder.path), "the skill's folder is gone")
        }
    }

    /// A name edit serves the skill's own page before the rest of its build (listings, the
    /// group page); when the build then fails, that page is taken back with the rest.
    @Test func aRenamedSkillsPageComesFirstAndGoesWithAFailedBuild() async throws {
        try await TestServer.run(siteYAML: "base_url: https://example.org/\n") { server in
            let file = server.root.appendingPathComponent("Content/skills/news/tech-digest.md")
            try Data("---\nname: Tech Digest <Weekly>\ngroup: News\n---\nTech news.\n".utf8).write(to: file)
            #expect(
                try await server.eventually {
                    try await server.get("/skills/news/tech-digest/").body.contains("Tech Digest &lt;Weekly&gt;")
                })
            try await Self.expectFullBuild(server)

            // A page made first whose build fails on a broken link in it: the last good page stays.
            try Data(
                "---\nname: Tech Digest Broken\ngroup: News\n---\nSee [gone](https://example.org/skills/none/).\n"
                    .utf8
            ).write(to: file)
            let failed = await server.lastLine { $0.hasPrefix("Build failed") }
            #expect(failed != nil, "\(server.lines.all)")
            let page = try await server.get("/skills/news/tech-digest/").body
            #expect(page.contains("Tech Digest &lt;Weekly&gt;") && !page.contains("Tech Digest Broken"))
        }
    }

    /// Public/ holds (or, within a few seconds, comes to hold: a build is served from memory
    /// while its files are written) the same files, byte for byte, as a full build of the
    /// content into memory.
    static func expectFullBuild(_ server: TestServer) async throws {
        _ = await server.eventually { (try? differences(server))?.isEmpty ?? false }
        for difference in try differences(server) { Issue.record("\(difference)") }
    }

    /// How Public/ differs from a full build of the content into memory.
    static func differences(_ server: TestServer) throws -> [String] {
        let content = server.root.appendingPathComponent("Content")
        let full = MemoryOutput()
        _ = try SiteBuilder.build(
            BuildOptions(
                content: ContentLocation(root: content, display: "Content"), templates: nil,
                output: server.root.appendingPathComponent("Public")), into: full)
        let output = server.root.appendingPathComponent("Public")
        var written: [String: Data] = [:]
        let walker = FileManager.default.enumerator(at: output, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(output.standardizedFileURL.path.count + 1))
            if path != ".sitegen" { written[path] = try Data(contentsOf: url) }
        }
        var differences: [String] = []
        if written.keys.sorted() != full.files.keys.sorted() {
            differences.append("paths \(written.keys.sorted()) differ from a full build's \(full.files.keys.sorted())")
        }
        for (path, data) in full.files.sorted(by: { $0.key < $1.key }) where written[path] != data {
            differences.append("`\(path)` differs from a full build's")
        }
        return differences
    }
}
