import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// Builds real sites and looks at them as a visitor would.
@Suite struct EndToEndTests {
    @Test func buildsTheSampleCatalogue() throws {
        let site = try TestSite(copying: TestSupport.sampleContent)
        let report = try site.build()
        let loaded = site.load()

        #expect(report.skills == loaded.skills.count)
        #expect(report.skills >= 30)
        #expect(report.groups >= 8)
        #expect(Set(loaded.skills.map(\.language)).count >= 2)
        #expect(report.warnings.count == 1)  // the one skill whose image is missing, on purpose
        #expect(report.warnings.first?.message.contains("calendar-assistant.png") == true)

        let index = try site.read("index.html")
        let catalogue = Catalogue(skills: loaded.skills, ratings: loaded.ratings, config: loaded.config)
        for group in catalogue.groups {
            #expect(index.contains(">\(HTML.escape(group.name))</a>"), "index lists \(group.name)")
            #expect(site.exists(group.path + "index.html"))
        }
        for entry in catalogue.entries {
            let page = try site.read(entry.path + "index.html")
            // A skill in another language than the site's has its `lang` on the heading.
            let lang = LanguageTag.attribute(for: entry.skill.language, onSiteIn: catalogue.config.language)
            #expect(page.contains("<h1\(lang.map { " lang=\"\($0)\"" } ?? "")>\(HTML.escape(entry.skill.name))</h1>"))
            if let average = entry.rating.averageText {
                #expect(page.contains(">\(average)<"), "\(entry.skill.id) shows its average")
                #expect(page.contains(BuiltInTheme.english.strings.count("ratings", entry.rating.total)))
                let percents = Self.percentages(in: page)
                #expect(percents.count == 5)
                #expect((96...100).contains(percents.reduce(0, +)), "\(entry.skill.id): \(percents)")
            } else {
                #expect(page.contains("Not rated yet"))
                #expect(!page.contains("rating-chart"))
            }
        }

        let recipe = try site.read("skills/food-and-drink/recipe-finder/index.html")
        #expect(recipe.contains("3,288 ratings"))
        let lyrics = try site.read("skills/music-and-audio/lyrics-lookup/index.html")
        #expect(lyrics.contains("1 rating<"))
        let calendar = try site.read("skills/productivity/calendar-assistant/index.html").skillArticle
        #expect(!calendar.contains("<img src=\"../../../media/"))
        #expect(calendar.contains("class=\"placeholder"))
        #expect(site.exists("media/images/recipe-finder.png"))
        #expect(site.exists("assets/style.css"))

        // No page ships JavaScript, and every relative link and image points at a built file.
        for page in site.outputFiles() where page.hasSuffix(".html") {
            let html = try site.read(page)
            // The only script element is JSON-LD data, which browsers never run.
            let scripts = html.lowercased().components(separatedBy: "<script").dropFirst()
            #expect(scripts.allSatisfy { $0.hasPrefix(" type=\"application/ld+json\">") }, "\(page)")
            #expect(html.hasPrefix("<!DOCTYPE html>"))
            #expect(html.contains("<html lang=\""))
            for link in Self.references(in: html)
            where !link.contains(":") && !link.hasPrefix("#") && !link.hasPrefix("/") {
                var target = URL(fileURLWithPath: "/" + page).deletingLastPathComponent()
                    .appendingPathComponent(link.removingPercentEncoding ?? link).standardizedFileURL
                if link.hasSuffix("/") || link.isEmpty { target.appendPathComponent("index.html") }
                #expect(site.exists(String(target.path.dropFirst())), "\(page) links to \(link)")
            }
        }
    }

    @Test func theSkillPageMatchesItsGoldenFile() throws {
        let site = try TestSite(copying: FixtureSite.fixture("golden-site"))
        try site.build()
        let page = try site.read("skills/news/headline-finder/index.html")
        try Golden.check(page, named: "pages/skill-page.html")
        // What the golden file shows, asserted in words too.
        #expect(page.contains("5.0") == false)
        #expect(page.contains(">3.6<"))  // (2·1 + 1·2 + 1·3 + 1·4 + 5·5) / 10 = 3.6
        #expect(page.contains(">5<span aria-hidden=\"true\"> (50%)</span>"))
        #expect(!page.contains("<b>raw HTML</b>"))
        #expect(!page.contains("javascript:"))
        #expect(page.contains("“public”"))  // smart punctuation
        #expect(page.contains("<h3>Sources</h3>"))  // headings move below the page's h2 sections
    }

    /// The EmbeddedTheme plugin built every file of Templates/ in, byte for byte, under its path there.
    @Test func theBuiltInThemeIsTheTemplatesFolder() throws {
        let folder = TestSupport.repoRoot.appendingPathComponent("Templates")
        var log = DiagnosticLog()
        let files = ContentFile.list(in: folder, display: "Templates", source: .disk, &log)
        #expect(Set(files.map(\.relativePath)) == Set(DefaultTheme.files.keys))
        for file in files {
            let text = try TestSupport.read(file.url)
            #expect(
                DefaultTheme.files[file.relativePath] == text, "\(file.relativePath) differs from the built-in copy")
        }
    }

    @Test func buildsWithoutATemplatesFolder() throws {
        let site = try TestSite(copying: FixtureSite.fixture("golden-site"))
        let report = try site.build(templates: nil)
        #expect(report.pages == site.outputFiles().filter { $0.hasSuffix(".html") }.count)
        #expect(site.exists("skills/news/headline-finder/index.html"))
    }

    static func percentages(in html: String) -> [Int] {
        var result: [Int] = []
        var rest = html[...]
        while let range = rest.range(of: "%)</span></td>") {
            let before = rest[..<range.lowerBound]
            if let open = before.lastIndex(of: "("), let n = Int(before[before.index(after: open)...]) {
                result.append(n)
            }
            rest = rest[range.upperBound...]
        }
        return result
    }

    static func references(in html: String) -> [String] {
        var result: [String] = []
        for attribute in ["href=\"", "src=\""] {
            var rest = html[...]
            while let range = rest.range(of: attribute) {
                let value = rest[range.upperBound...].prefix { $0 != "\"" }
                result.append(String(value).replacingOccurrences(of: "&amp;", with: "&"))
                rest = rest[range.upperBound...]
            }
        }
        return result
    }
}

/// Golden files under Tests/SiteGenTests/Golden/. Run with UPDATE_GOLDEN=1 to rewrite them
/// after an intended change, then review the diff.
enum Golden {
    static let folder = TestSupport.repoRoot.appendingPathComponent("Tests/SiteGenTests/Golden")

    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        let expected = try TestSupport.read(url)
        #expect(
            actual == expected, "\(name) differs from its golden file (UPDATE_GOLDEN=1 rewrites it)",
            sourceLocation: sourceLocation)
    }
}
