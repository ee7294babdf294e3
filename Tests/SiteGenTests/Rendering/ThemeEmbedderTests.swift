import Foundation
import Testing

/// The EmbeddedTheme plugin's tool, run as the build runs it, on theme folders made to trip it.
@Suite struct ThemeEmbedderTests {
    private func embed(_ files: [String: Data], declaring declared: [String]? = nil) throws -> (
        run: SitegenExecutable.Run, source: String, folder: URL
    ) {
        let tool = try #require(SitegenExecutable.built("ThemeEmbedder"), "the ThemeEmbedder tool was not built")
        let folder = try FixtureSite.temporaryFolder()
        let templates = folder.appendingPathComponent("Templates")
        for (path, data) in files {
            let url = templates.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        let output = folder.appendingPathComponent("DefaultTheme.swift")
        let inputs = (declared ?? files.keys.sorted()).map { templates.appendingPathComponent($0).path }
        let run = try SitegenExecutable.run(tool, [output.path, templates.path] + inputs, in: folder)
        let source = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return (run, source, folder)
    }

    @Test func everyVisibleFileIsHeldExactlyUnderItsPath() throws {
        let tricky = "say \"hi\"\r\n\\(x) \"\"\"# \t\u{1}\u{7F} é 🎉\n"
        let (run, source, folder) = try embed([
            "page.mustache": Data(tricky.utf8),
            "assets/fonts/deep.css": Data("a{}\n".utf8),
            "i18n/de.yml": Data("hello: \"Hallo\"".utf8),
            ".hidden": Data("no\n".utf8),
            "assets/.DS_Store": Data("no\n".utf8),
            ".git/HEAD": Data("no\n".utf8),
        ])
        defer { FixtureSite.remove(folder) }
        #expect(run.status == 0, "\(run.errorOutput)")
        let entries = source.split(separator: "\n").filter { $0.hasPrefix("        \"") }
        #expect(
            entries == [
                #"        "assets/fonts/deep.css": "a{}\n","#,
                #"        "i18n/de.yml": "hello: \"Hallo\"","#,
                ##"        "page.mustache": "say \"hi\"\r\n\\(x) \"\"\"# \t\u{1}\u{7f} é 🎉\n","##,
            ])
        #expect(source.contains("enum DefaultTheme {\n    static let files: [String: String] = [\n"))
        #expect(run.output.isEmpty)
    }

    @Test func aFileThatIsNotUTF8IsAnErrorNamingIt() throws {
        let (run, _, folder) = try embed(["logo.png": Data([0x89, 0x50, 0xFF, 0xFE])])
        defer { FixtureSite.remove(folder) }
        #expect(run.status == 1)
        #expect(run.errorOutput.contains("Templates/logo.png: error: not UTF-8 text"))
    }

    /// SwiftPM asks the plugin for its inputs only when it plans a build: a file added later is built
    /// in all the same, with a word on what SwiftPM will not notice about it.
    @Test func aFileAddedSinceThePlanIsBuiltInWithAWarning() throws {
        let (run, source, folder) = try embed(
            ["layout.mustache": Data("L\n".utf8), "i18n/fr.yml": Data("a: b\n".utf8)], declaring: ["layout.mustache"])
        defer { FixtureSite.remove(folder) }
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(source.contains(#""i18n/fr.yml": "a: b\n","#))
        #expect(run.output.contains("Templates/i18n/fr.yml: warning: added since SwiftPM planned this build"))
        #expect(!run.output.contains("layout.mustache"))
    }
}
