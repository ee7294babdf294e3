import Foundation
import Testing
import Yams

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

@Suite struct SusiImportTests {
    // MARK: Writing YAML

    static let awkward = [
        "Plain", "Colon: inside", "# not a comment", "key: value # x", "\"double\" and 'single' quotes",
        "<b>tags</b> & more",
        "- leading dash", "? question", "yes", "No", "null", "~", "123", "1e3", "0x1F", "@at", "`backtick`", "%percent",
        "*star", "&anchor", "!tag", "|pipe", ">fold", "{braces}", "[brackets]", "trailing space ", " leading space",
        "back\\slash", "tab\there", "line\nbreak", "cr\rhere", "nel\u{85}here", "ls\u{2028}ps\u{2029}", "bom\u{FEFF}",
        "bell\u{07}del\u{7F}", "c1\u{9B}", "nonchar\u{FFFE}\u{FFFF}", "emoji 🎉👩‍👩‍👧", "谜语 Riddles", "Погода", "", "   ",
    ]

    @Test func quotedTextSurvivesYAMLExactly() throws {
        for value in Self.awkward {
            let yaml = "value: \(FrontMatterWriter.quoted(value))\n"
            let node = try Yams.compose(yaml: yaml)
            #expect(node?["value"]?.string == value, "\(value.debugDescription) → \(yaml)")
            #expect(!FrontMatterWriter.quoted(value).contains("\n"))
        }
    }

    @Test func randomTextSurvivesYAML() throws {
        var generator = SplitMix64(seed: 8)
        let pool: [Unicode.Scalar] =
            Array("aZ 9:#-'\"\\\t\n\r{}[]<>&*!|>%@`,?".unicodeScalars)
            + [
                "\u{0}", "\u{1B}", "\u{85}", "\u{A0}", "\u{2028}", "\u{FEFF}", "\u{1F389}", "\u{8C1C}", "\u{D7FF}",
                "\u{E000}", "\u{FFFD}",
            ]
        for _ in 0..<500 {
            var value = String.UnicodeScalarView()
            for _ in 0..<Int(generator.next() % 24) { value.append(pool[Int(generator.next() % UInt64(pool.count))]) }
            // A leading U+FEFF is taken for a byte-order mark when Yams decodes the value: an
            // invisible character the catalogue would not show anyway.
            let text = String(value).hasPrefix("\u{FEFF}") ? "x" + String(value) : String(value)
            let node = try Yams.compose(yaml: "value: \(FrontMatterWriter.quoted(text))\n")
            #expect(node?["value"]?.string == text, "\(text.debugDescription)")
        }
    }

    @Test func aWrittenSkillReadsBackTheSame() throws {
        let skill = Skill(
            id: "a/b", tag: "b", name: "Name: \"quoted\" # not a comment", group: "Games, Trivia and Accessories",
            language: "en,chi", model: "general", author: "O'Brien <Sons>", authorURL: "https://example.org/a?b=1&c=2",
            examples: ["yes", "- dash", "what's 2: 3?"], description: "Some **bold** text.\n\nSecond paragraph.",
            dynamicContent: true, termsOfUse: "mailto:terms@example.org", privacyPolicy: "https://example.org/p")
        let text = FrontMatterWriter.markdown(for: skill, image: "images/susi/x y.png", tags: ["a", "b: c"])
        var log = DiagnosticLog()
        let back = try #require(MarkdownSkillReader.read(text, id: "a/b", displayPath: "a/b.md", &log))
        #expect(log.items.isEmpty, "\(log.items)")
        #expect(
            back.name == skill.name && back.group == skill.group && back.language == skill.language
                && back.model == skill.model)
        #expect(back.author == skill.author && back.authorURL == skill.authorURL && back.examples == skill.examples)
        #expect(back.description.trimmingCharacters(in: .newlines) == skill.description)
        #expect(back.dynamicContent && back.termsOfUse == skill.termsOfUse && back.privacyPolicy == skill.privacyPolicy)
        #expect(back.image == .local("images/susi/x y.png"))
        #expect(back.tag == "b")
    }

    // MARK: Importing a repository

    func importFixture(into scratch: URL, force: Bool = false) throws(BuildFailure) -> SusiImport.Report {
        try SusiImport.run(
            SusiImport.Options(
                repository: SusiFixture.repository, repositoryDisplay: "susi-repo",
                destination: scratch.appendingPathComponent("Imported/skills"), destinationDisplay: "Imported/skills",
                force: force))
    }

    @Test func importWritesMarkdownAndImagesAndSaysWhatItDid() throws {
        let scratch = try SusiFixture.scratch()
        defer { SusiFixture.cleanUp(scratch) }
        let report = try importFixture(into: scratch)
        #expect(report.skills == 17)
        #expect(report.images == 3)
        #expect(report.skipped == 4)
        #expect(
            report.summary
                == "Imported 17 SUSI skills into Imported/skills/ and 3 images into Imported/images/susi/; 4 files skipped (see the warnings)"
        )
        let files = SusiFixture.files(in: scratch.appendingPathComponent("Imported"))
        #expect(files == report.written)
        #expect(files.contains("skills/general/Food and Drink/en/Tea Timer.md"))
        #expect(files.contains("skills/general/Games, Trivia and Accessories/en,chi/谜语.md"))
        #expect(files.contains("skills/general/Novelty and Humour/en/Party 🎉 \"Time\" <now>.md"))
        #expect(files.contains("images/susi/models/general/Novelty and Humour/en/images/party time.png"))
        // File names stay SUSI tags; one that would give no readable page or another skill's page
        // goes one folder down, named after the skill.
        #expect(files.contains("skills/general/Business and Finance/en/IFSC_to_Bank_Details.md"))
        #expect(
            files.contains("skills/general/Business and Finance/en/ifsc-to-bank-details-copy/IFSC_to_Bank_details.md"))
        #expect(files.contains("skills/general/Novelty and Humour/en/balloons/🎈.md"))
        #expect(files.contains("skills/general/Novelty and Humour/en/confetti/🎉.md"))
        #expect(files.contains("skills/general/Novelty and Humour/en/skill/🎊.md"))
        #expect(report.warnings.filter { $0.message.contains("would share its page") }.count == 1)
        #expect(!files.contains { $0.hasSuffix(".txt") || $0.contains("README") })
        var all = ""
        for file in files where file.hasSuffix(".md") {
            all += try String(contentsOf: scratch.appendingPathComponent("Imported/" + file), encoding: .utf8)
        }
        #expect(!all.contains("private@example.org"))
        #expect(!all.contains("author_email"))
        let guide = try String(
            contentsOf: scratch.appendingPathComponent("Imported/skills/general/Food and Drink/en/cooking_guide.md"),
            encoding: .utf8)
        #expect(
            guide == """
                ---
                name: "Cooking Guide"
                group: "Food and Drink"
                language: "en"
                model: "general"
                author: "Uday Theja"
                author_url: "https://github.com/uday96"
                image: "images/susi/models/general/Food and Drink/en/images/cooking_guide.png"
                examples:
                  - "how to cook biryani"
                dynamic_content: true
                ---
                Feeling hungry? Ask SUSI for a recipe and the ingredients you need.

                """)
    }

    @Test func importedCatalogueShowsWhatTheRepositoryShowed() throws {
        let scratch = try SusiFixture.scratch()
        defer { SusiFixture.cleanUp(scratch) }
        _ = try importFixture(into: scratch)
        let ratings = scratch.appendingPathComponent("Imported/ratings")
        try FileManager.default.createDirectory(at: ratings, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: SusiFixture.ratings, to: ratings.appendingPathComponent("susi"))
        let location = ContentLocation(root: scratch.appendingPathComponent("Imported"), display: "Imported")
        let imported = ContentLoader.load(location)
        let original = ContentLoader.load(try SusiFixture.content(in: scratch))
        #expect(imported.errors.isEmpty, "\(imported.errors)")
        #expect(imported.skills.count == original.skills.count)
        let before = Dictionary(uniqueKeysWithValues: original.skills.map { ($0.susiKey, $0) })
        for after in imported.skills {
            let skill = try #require(before[after.susiKey], "no original for \(after.susiKey)")
            #expect(after.name == skill.name)
            #expect(after.group == skill.group && after.language == skill.language && after.model == skill.model)
            #expect(after.author == skill.author && after.authorURL == skill.authorURL)
            #expect(after.examples == skill.examples)
            #expect(Markdown.render(after.description) == Markdown.render(skill.description))
            #expect(after.dynamicContent == skill.dynamicContent)
            #expect(after.termsOfUse == skill.termsOfUse && after.privacyPolicy == skill.privacyPolicy)
            #expect(after.created == skill.created)
            switch (after.image, skill.image) {
            case (.local(let a)?, .local(let b)?):
                let bytesAfter = try Data(contentsOf: scratch.appendingPathComponent("Imported/" + a))
                let bytesBefore = try Data(contentsOf: scratch.appendingPathComponent("Content/" + b))
                #expect(bytesAfter == bytesBefore)
            default:
                #expect(after.image == skill.image, "\(after.name)")
            }
            #expect(imported.ratings[after.id] == original.ratings[skill.id], "ratings of \(after.name)")
        }
        let teaTimer = try #require(imported.skills.first { $0.name == "Tea Timer" })
        #expect(imported.ratings[teaTimer.id]?.stars.five == 13)
        let output = scratch.appendingPathComponent("Public")
        let report = try SiteBuilder.build(BuildOptions(content: location, templates: nil, output: output))
        #expect(report.skills == 17)
        #expect(try SusiFixture.brokenLinks(in: output) == [])
    }

    /// An import, then one of its files edited by hand.
    func importAndEditTea(in scratch: URL) throws -> URL {
        _ = try importFixture(into: scratch)
        let tea = scratch.appendingPathComponent("Imported/skills/general/Food and Drink/en/Tea Timer.md")
        try "edited by hand".write(to: tea, atomically: true, encoding: .utf8)
        return tea
    }

    @Test func importNeverOverwritesWithoutForce() throws {
        let scratch = try SusiFixture.scratch()
        defer { SusiFixture.cleanUp(scratch) }
        let tea = try importAndEditTea(in: scratch)
        #expect {
            _ = try importFixture(into: scratch)
        } throws: { error in
            guard let failure = error as? BuildFailure else { return false }
            return failure.errors.count == 1 && failure.errors[0].message.contains("already exist")
                && failure.errors[0].message.contains("--force")
        }
        #expect(try String(contentsOf: tea, encoding: .utf8) == "edited by hand")
        _ = try importFixture(into: scratch, force: true)
        #expect(try String(contentsOf: tea, encoding: .utf8).hasPrefix("---\nname: \"Tea Timer\""))
    }

    /// Before, the import wrote through the link into whatever file it named.
    @Test func importRefusesALinkAtADestinationAndWritesNothing() throws {
        let scratch = try SusiFixture.scratch()
        defer { SusiFixture.cleanUp(scratch) }
        let outside = scratch.appendingPathComponent("outside.txt")
        try Data("keep".utf8).write(to: outside)
        let folder = scratch.appendingPathComponent("Imported/skills/general/Food and Drink/en")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("Tea Timer.md"), withDestinationURL: outside)
        for force in [false, true] {
            #expect {
                _ = try importFixture(into: scratch, force: force)
            } throws: { error in
                (error as? BuildFailure)?.errors.map(\.description) == [
                    "Imported/skills/general/Food and Drink/en/Tea Timer.md: error: a symbolic link; the import does not write through links. Remove it, or import into another folder; nothing was written"
                ]
            }
        }
        #expect(try String(contentsOf: outside, encoding: .utf8) == "keep")
        #expect(SusiFixture.files(in: scratch.appendingPathComponent("Imported")).isEmpty)
    }

    @Test func importRefusesLinkedFoldersBelowTheDestinationAndTheImages() throws {
        let scratch = try SusiFixture.scratch()
        defer { SusiFixture.cleanUp(scratch) }
        let elsewhere = scratch.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let skills = scratch.appendingPathComponent("Imported/skills")
        try FileManager.default.createDirectory(at: skills, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: skills.appendingPathComponent("general"), withDestinationURL: elsewhere)
        #expect {
            _ = try importFixture(into: scratch)
        } throws: { error in
            (error as? BuildFailure)?.errors.map(\.path) == ["Imported/skills/general"]
        }
        try FileManager.default.removeItem(at: skills.appendingPathComponent("general"))
        try FileManager.default.createSymbolicLink(
            at: scratch.appendingPathComponent("Imported/images"), withDestinationURL: elsewhere)
        #expect {
            _ = try importFixture(into: scratch)
        } throws: { error in
            (error as? BuildFailure)?.errors.map(\.path) == ["Imported/images"]
        }
        #expect(SusiFixture.files(in: elsewhere).isEmpty)
        #expect(SusiFixture.files(in: skills).isEmpty)
    }

    /// Files are replaced, not rewritten in place: a second name for the old file keeps the old bytes.
    @Test func importReplacesFilesInsteadOfWritingIntoThem() throws {
        let scratch = try SusiFixture.scratch()
        defer { SusiFixture.cleanUp(scratch) }
        let tea = try importAndEditTea(in: scratch)
        let other = scratch.appendingPathComponent("other-name.md")
        try FileManager.default.linkItem(at: tea, to: other)
        let report = try importFixture(into: scratch, force: true)
        #expect(try String(contentsOf: other, encoding: .utf8) == "edited by hand")
        #expect(try String(contentsOf: tea, encoding: .utf8).hasPrefix("---\nname: \"Tea Timer\""))
        #expect(
            SusiFixture.files(in: scratch.appendingPathComponent("Imported")) == report.written,
            "no temporary files are left")
    }

    @Test func importNeedsASkillsFolderAndARepository() throws {
        let scratch = try SusiFixture.scratch()
        defer { SusiFixture.cleanUp(scratch) }
        #expect(throws: BuildFailure.self) {
            _ = try SusiImport.run(
                SusiImport.Options(
                    repository: SusiFixture.repository, repositoryDisplay: "r",
                    destination: scratch.appendingPathComponent("elsewhere"), destinationDisplay: "elsewhere"))
        }
        #expect(throws: BuildFailure.self) {
            _ = try SusiImport.run(
                SusiImport.Options(
                    repository: scratch, repositoryDisplay: "empty",
                    destination: scratch.appendingPathComponent("C/skills"), destinationDisplay: "C/skills"))
        }
        #expect(SusiFixture.files(in: scratch).isEmpty)
        #expect(SusiImport.contentDisplay("Content/skills", depth: 1) == "Content")
        #expect(SusiImport.contentDisplay("Content/skills/susi/", depth: 2) == "Content")
        #expect(SusiImport.contentDisplay("skills", depth: 1) == "")
    }
}
