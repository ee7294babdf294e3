import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering

@Suite struct SusiSkillFileReaderTests {
    static let location = SusiSkillLocation(
        model: "general", group: "Food and Drink", language: "en", tag: "Tea Timer",
        languageFolder: "skills/susi/models/general/Food and Drink/en")

    func read(_ text: String, location: SusiSkillLocation = Self.location) -> SusiSkillFileReader.Result {
        SusiSkillFileReader.read(
            text, location: location, id: "susi/models/general/Food and Drink/en/Tea Timer",
            displayPath: "Content/skills/x.txt")
    }

    func skill(_ text: String) throws -> Skill {
        try #require(read(text).skill)
    }

    // MARK: Lines

    @Test func everyLineEndingReadsTheSame() throws {
        let lines = [
            "::name Tea Timer", "::descripton typo", "::author Ann", "", "tea|tea timer", "!example:start a tea timer",
            "Ready.",
        ]
        let results = ["\n", "\r\n", "\r"].map { read(lines.joined(separator: $0) + $0) }
        for result in results {
            #expect(result.skill?.name == "Tea Timer")
            #expect(result.skill?.author == "Ann")
            #expect(result.skill?.examples == ["start a tea timer"])
            // Line numbers count a CRLF or a lone CR as one line end.
            #expect(result.diagnostics.map(\.line) == [2])
        }
        let mixed = read("::name A\r\n::author B\r::descripton C\n")
        #expect(mixed.skill?.author == "B")
        #expect(mixed.diagnostics.map(\.line) == [3])
    }

    @Test func linesAreRightTrimmedAndTabsBecomeFourSpaces() throws {
        let skill = try skill("::name\tTea   Timer \t \n::author Ann\t\n\nphrase\n\t!example:indented\t\nanswer\n")
        #expect(skill.name == "Tea   Timer")
        #expect(skill.author == "Ann")
        #expect(skill.examples == ["indented"])
        #expect(SusiSkillText.normalized("a\tb \t") == "a    b")
    }

    // MARK: Metadata

    @Test func valueIsEverythingAfterTheFirstSpaceTrimmed() throws {
        let skill = try skill("::name    Spaced   Name   \n::description A: b: c\n")
        #expect(skill.name == "Spaced   Name")
        #expect(skill.description == "A: b: c")
    }

    @Test func keyWithoutValueSetsNothingAndLaterRepeatWins() throws {
        let skill = try skill("::name First\n::name Second\n::author Ann\n::author\n::author   \n::terms_of_use\n")
        #expect(skill.name == "Second")
        #expect(skill.author == "Ann")
        #expect(skill.termsOfUse == nil)
    }

    @Test func metadataMustStartAtColumnZero() throws {
        let result = read("::name Real\n ::name Indented\n")
        #expect(result.skill?.name == "Real")
    }

    @Test func groupLanguageAndModelComeFromThePathNotTheFile() throws {
        let location = SusiSkillLocation(
            model: "b51edcf0", group: "Games, Trivia and Accessories", language: "en,chi",
            tag: "谜语", languageFolder: "models/b51edcf0/Games, Trivia and Accessories/en,chi")
        let result = read("::name Riddles\n::category News\n::language fr\n::model other\n", location: location)
        let skill = try #require(result.skill)
        #expect(skill.group == "Games, Trivia and Accessories")
        #expect(skill.language == "en,chi")
        #expect(skill.model == "b51edcf0")
        #expect(skill.tag == "谜语")
        #expect(
            skill.susiKey
                == SusiSkillKey(
                    model: "b51edcf0", group: "Games, Trivia and Accessories", language: "en,chi", tag: "谜语"))
        // `::model` is not a SUSI key at all; `::category` and `::language` are, and are ignored.
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.message.contains("`::model`") == true)
    }

    @Test func unknownKeysAreWarningsWithASuggestionAndLine() throws {
        let result = read(
            "::name X\n::descripton Typo\n::terms_of_us https://example.org\n::Image images/a.png\n::wibble 1\n::\n")
        let messages = result.diagnostics.map(\.message)
        #expect(result.diagnostics.map(\.line) == [2, 3, 4, 5, 6])
        #expect(
            result.diagnostics.allSatisfy { $0.severity == .warning && $0.kind == SusiSkillFileReader.Kind.unknownKey })
        #expect(messages[0].contains("did you mean `::description`?"))
        #expect(messages[1].contains("did you mean `::terms_of_use`?"))
        #expect(messages[2].contains("did you mean `::image`?"))
        #expect(messages[3] == "unknown SUSI key `::wibble` is ignored")
        #expect(messages[4].contains("needs a key"))
        let skill = try #require(result.skill)
        #expect(skill.description == "")
        #expect(skill.termsOfUse == nil)
        #expect(skill.image == nil)
    }

    @Test func booleansAreTrueOnlyForYes() throws {
        for value in ["yes", "Yes", "YES", "yEs"] {
            #expect(try skill("::name X\n::dynamic_content \(value)\n").dynamicContent)
        }
        for value in ["no", "No", "<Yes/No>"] {
            let result = read("::name X\n::dynamic_content \(value)\n")
            #expect(result.skill?.dynamicContent == false)
            #expect(result.diagnostics.isEmpty)
        }
        for value in ["true", "1", "y"] {
            let result = read("::name X\n::dynamic_content \(value)\n")
            #expect(result.skill?.dynamicContent == false)
            #expect(result.diagnostics.map(\.kind) == [SusiSkillFileReader.Kind.yesNo])
        }
        #expect(try skill("::name X\n::dynamic_content yes\n::dynamic_content no\n").dynamicContent == false)
    }

    @Test func templatePlaceholdersCountAsAbsent() throws {
        let result = read(
            """
            ::name Tea Timer
            ::author <author_name>
            ::author_url <author_url>
            ::description <description>\u{20}
            ::dynamic_content <Yes/No>
            ::developer_privacy_policy <link>
            ::image images/<image_name>
            ::terms_of_use <link>

            tea
            !example:<example>
            Ready.
            """)
        let skill = try #require(result.skill)
        #expect(result.diagnostics.isEmpty)
        #expect(skill.author == nil && skill.authorURL == nil && skill.description == "" && skill.image == nil)
        #expect(
            skill.privacyPolicy == nil && skill.termsOfUse == nil && !skill.dynamicContent && skill.examples.isEmpty)
    }

    // MARK: Intents and examples

    @Test func examplesComeFromInsideIntentBlocksOnly() throws {
        let skill = try skill(
            """
            ::name X
            !example:after metadata starts a block
            phrase one
            !example:one
            # a comment does not close the block
            !example:two
            ! Example : three
            !EXAMPLE:one
            answer

            !example:first line of a block is a phrase
            !example:four
            answer
            ::author Ann
            !example:a metadata line closed the block

            phrase
            !example:five
            """)
        #expect(skill.examples == ["one", "two", "three", "four", "five"])
    }

    @Test func blankLinesCloseBlocksEvenWhenOnlyWhitespace() throws {
        let skill = try skill("::name X\n\nphrase\n \t \n!example:not inside\nanswer\n")
        #expect(skill.examples.isEmpty)
    }

    @Test func commentsOnlyAtColumnZero() throws {
        let skill = try skill("::name X\n\nphrase\n # indented, so part of the block\n!example:kept\n")
        #expect(skill.examples == ["kept"])
    }

    @Test func gluedLinesJoinAsTheServerJoinsThem() throws {
        let skill = try skill("::name X\n\nfirst \\\n!example:glued to the phrase\n!example:real\n\\and more\nanswer\n")
        #expect(skill.examples == ["real and more"])
        #expect(SusiSkillText.example(in: "!example:a:b") == "a:b")
        #expect(SusiSkillText.example(in: "!console:a") == nil)
        #expect(SusiSkillText.example(in: "!example:   ") == nil)
    }

    // MARK: Images and links

    @Test func imagesAreRelativeToTheLanguageFolder() throws {
        let local = try skill("::name X\n::image images/tea timer.png\n")
        #expect(local.image == .local("skills/susi/models/general/Food and Drink/en/images/tea timer.png"))
        let remote = try skill("::name X\n::image https://example.org/x.png\n")
        #expect(remote.image == .remote("https://example.org/x.png"))
        let up = try skill("::name X\n::image ../../shared/tea.png\n")
        #expect(up.image == .local("skills/susi/models/general/shared/tea.png"))
        let escape = read("::name X\n::image ../../../../../../../etc/passwd.png\n")
        #expect(escape.skill?.image == nil)
        #expect(escape.diagnostics.map(\.kind) == [SusiSkillFileReader.Kind.image])
        #expect(escape.diagnostics.first?.line == 2)
    }

    @Test func onlySafeLinksSurvive() throws {
        let result = read(
            """
            ::name X
            ::author_url javascript:alert(1)
            ::terms_of_use mailto:terms@example.org
            ::developer_privacy_policy data:text/html,<b>x</b>
            """)
        let skill = try #require(result.skill)
        #expect(skill.authorURL == nil)
        #expect(skill.termsOfUse == "mailto:terms@example.org")
        #expect(skill.privacyPolicy == nil)
        #expect(result.diagnostics.map(\.line) == [2, 4])
        #expect(result.diagnostics.allSatisfy { $0.kind == SusiSkillFileReader.Kind.url })
        // mailto is fine for terms, but an author link must be a web page.
        #expect(read("::name X\n::author_url mailto:a@example.org\n").skill?.authorURL == nil)
    }

    @Test func authorEmailIsNeverKept() throws {
        let result = read("::name X\n::author Ann\n::author_email ann.secret@example.org\n")
        let skill = try #require(result.skill)
        #expect(!String(describing: skill).contains("ann.secret"))
        #expect(result.diagnostics.isEmpty)
    }

    @Test func tagsAreACommaList() {
        #expect(read("::name X\n::tags  a, b ,, c d \n").tags == ["a", "b", "c d"])
    }

    // MARK: Skipped files

    @Test func emptyFilesAndFilesWithoutNameAreSkippedWithAWarning() {
        for text in ["", "\n\n", "# only\n\n# comments\n", "   \r\n\t\r\n"] {
            let result = read(text)
            #expect(result.skill == nil)
            #expect(result.diagnostics.map(\.kind) == [SusiSkillFileReader.Kind.skipped], "\(text.debugDescription)")
        }
        let noName = read("::author Ann\n\nhello\n!example:hello\nHi\n")
        #expect(noName.skill == nil)
        #expect(noName.diagnostics.first?.message.contains("no `::name`") == true)
        let template = read("::name <skill_name>\n")
        #expect(template.skill == nil)
        #expect(template.diagnostics.first?.line == 1)
        #expect(template.diagnostics.first?.severity == .warning)
    }

    // MARK: Layout

    @Test func layoutFindsModelGroupLanguageAndTagAnywhereBelowTheContent() throws {
        let nested = try #require(
            SusiLayout.location(
                contentPath: "skills/susi_skill_data/models/general/Games, Trivia and Accessories/en,chi/谜语.txt"))
        #expect(
            nested
                == SusiSkillLocation(
                    model: "general", group: "Games, Trivia and Accessories", language: "en,chi", tag: "谜语",
                    languageFolder: "skills/susi_skill_data/models/general/Games, Trivia and Accessories/en,chi"))
        let direct = try #require(
            SusiLayout.location(contentPath: "models/general/Food and Drink/en spanish/Tea Timer.TXT"))
        #expect(direct.tag == "Tea Timer")
        #expect(direct.language == "en spanish")
        #expect(direct.languageFolder == "models/general/Food and Drink/en spanish")
        #expect(SusiLayout.location(contentPath: "skills/models/general/Knowledge/en/notes/deep.txt") == nil)
        #expect(SusiLayout.location(contentPath: "skills/general/Knowledge/en/x.txt") == nil)
        #expect(SusiLayout.location(contentPath: "skills/models/general/Knowledge/en/x.md") == nil)
        #expect(SusiLayout.isUnderModels(contentPath: "skills/models/general/Knowledge/en/notes/deep.txt"))
        #expect(!SusiLayout.isUnderModels(contentPath: "skills/news/models.txt"))
    }
}
