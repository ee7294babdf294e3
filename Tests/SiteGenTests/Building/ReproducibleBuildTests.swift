import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// Two builds of the same input give byte-identical trees, and no clock reaches the output.
@Suite struct ReproducibleBuildTests {
    static let repository = FixtureSite.fixtures.deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: ["valid", "hostile"])
    func twoBuildsInOneProcessAreByteIdentical(_ fixture: String) throws {
        let content = try FixtureSite.memoryContent(fixture)
        var trees: [[String: Data]] = []
        for _ in ["first", "second"] {
            trees.append(try FixtureSite.build(FixtureSite.options(content)).files)
        }
        #expect(trees[0].count > 5)
        #expect(trees[0].keys.sorted() == trees[1].keys.sorted())
        for path in trees[0].keys.sorted() {
            #expect(trees[0][path] == trees[1][path], "\(path) differs between two builds")
        }
    }

    /// Separate processes get different hash seeds, so any dictionary order that leaks into the
    /// output shows up here (one process alone would hide it). Builds the sample catalogue with
    /// the real executable.
    @Test func twoBuildsByTheExecutableAreByteIdentical() throws {
        let sitegen = try #require(SitegenExecutable.url, "the sitegen executable was not built")
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        var trees: [[String: Data]] = []
        for name in ["first", "second"] {
            let output = folder.appendingPathComponent(name)
            let run = try SitegenExecutable.run(sitegen, ["build", "--output", output.path], in: Self.repository)
            #expect(run.status == 0, "\(run.errorOutput)")
            trees.append(try FixtureSite.tree(output))
        }
        #expect(trees[0].count > 50)
        #expect(trees[0].keys.sorted() == trees[1].keys.sorted())
        for path in trees[0].keys.sorted() {
            #expect(trees[0][path] == trees[1][path], "\(path) differs between two builds")
        }
    }

    @Test func withoutABuildDateNoDateIsShown() throws {
        let files = try FixtureSite.build(FixtureSite.options(try FixtureSite.memoryContent("valid"))).files
        let index = String(decoding: try #require(files["index.html"]), as: UTF8.self)
        #expect(!index.contains("Updated"))
        #expect(index.contains("<p class=\"footer-stats\">Fixture Catalogue</p>"))
    }

    @Test func theBuildDateAppearsInEveryFooter() throws {
        let built = try FixtureSite.build(
            FixtureSite.options(
                try FixtureSite.memoryContent("valid"),
                buildDate: BuildDate(day: "2024-03-01")))
        let pages = built.files.filter { $0.key.hasSuffix(".html") }
        #expect(pages.count >= 9)
        for (path, data) in pages {
            #expect(
                String(decoding: data, as: UTF8.self).contains(
                    "<p class=\"footer-stats\">Fixture Catalogue · Updated <time datetime=\"2024-03-01\">2024-03-01</time></p>"
                ), "\(path)")
        }
    }

    @Test func buildDateFromTheExecutableOptionAndEnvironment() throws {
        let sitegen = try #require(SitegenExecutable.url, "the sitegen executable was not built")
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let content = FixtureSite.fixture("valid").path
        /// The date in the footer of the index page built with these arguments, if any.
        func footerDate(_ arguments: [String], _ environment: [String: String] = [:]) throws -> String? {
            let output = folder.appendingPathComponent(UUID().uuidString)
            let run = try SitegenExecutable.run(
                sitegen, ["build", "--content", content, "--output", output.path] + arguments,
                in: folder, environment: environment)
            #expect(run.status == 0, "\(run.errorOutput)")
            let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
            guard let updated = index.range(of: "Updated <time datetime=\"") else { return nil }
            return String(index[updated.upperBound...].prefix(10))
        }
        #expect(try footerDate([]) == nil)
        #expect(try footerDate(["--build-date", "2024-02-29"]) == "2024-02-29")
        #expect(try footerDate([], ["SOURCE_DATE_EPOCH": "1709251200"]) == "2024-03-01")
        // --build-date wins over SOURCE_DATE_EPOCH.
        #expect(try footerDate(["--build-date", "2023-12-31"], ["SOURCE_DATE_EPOCH": "1709251200"]) == "2023-12-31")

        let bad = try SitegenExecutable.run(
            sitegen,
            [
                "build", "--content", content, "--output", folder.appendingPathComponent("f").path,
                "--build-date", "2024-02-30",
            ], in: folder)
        #expect(bad.status == 64)
        #expect(bad.errorOutput.contains("Error: --build-date `2024-02-30` is not a date like 2024-03-01"))
        let badEpoch = try SitegenExecutable.run(
            sitegen, ["build", "--content", content, "--output", folder.appendingPathComponent("g").path],
            in: folder, environment: ["SOURCE_DATE_EPOCH": "yesterday"])
        #expect(badEpoch.status == 64)
        #expect(
            badEpoch.errorOutput.contains(
                "Error: SOURCE_DATE_EPOCH `yesterday` is not a whole number of seconds since 1970-01-01"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("f").path))
    }
}

@Suite struct BuildDateTests {
    @Test func daysAreCheckedAgainstTheCalendar() {
        #expect(BuildDate(day: "2024-02-29")?.timestamp == "2024-02-29T00:00:00Z")
        for bad in [
            "2023-02-29", "2024-13-01", "2024-00-10", "2024-04-31", "24-03-01", "2024-3-1", "2024-03-01T00:00:00Z",
            "２０２４-03-01", "", "0000-01-01", "1900-02-29",
        ] {
            #expect(BuildDate(day: bad) == nil, "\(bad)")
        }
        #expect(BuildDate(day: "2000-02-29") != nil)
    }

    @Test func sourceDateEpochIsUTC() {
        #expect(BuildDate(sourceDateEpoch: "0")?.timestamp == "1970-01-01T00:00:00Z")
        #expect(BuildDate(sourceDateEpoch: "1709251200")?.timestamp == "2024-03-01T00:00:00Z")
        #expect(BuildDate(sourceDateEpoch: "1709337599")?.timestamp == "2024-03-01T23:59:59Z")
        #expect(BuildDate(sourceDateEpoch: "951782400")?.day == "2000-02-29")
        #expect(BuildDate(sourceDateEpoch: "4102444800")?.day == "2100-01-01")
        for bad in ["-1", "1.5", " 1", "1e9", "abc", "", "99999999999999"] {
            #expect(BuildDate(sourceDateEpoch: bad) == nil, "\(bad)")
        }
    }

    /// Every day from 1970 to 2100 round-trips through the epoch conversion, against Foundation.
    @Test func epochConversionAgreesWithFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        for days in stride(from: 0, through: 47_847, by: 7) {
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let civil = BuildDate.civil(fromDays: days)
            #expect(civil.year == parts.year && civil.month == parts.month && civil.day == parts.day, "day \(days)")
        }
    }

    @Test func optionWinsOverEnvironment() throws {
        #expect(try BuildDate.resolve(option: nil, environment: [:]) == nil)
        #expect(try BuildDate.resolve(option: nil, environment: ["SOURCE_DATE_EPOCH": ""]) == nil)
        #expect(
            try BuildDate.resolve(option: "2023-12-31", environment: ["SOURCE_DATE_EPOCH": "0"])?.day == "2023-12-31")
        #expect(try BuildDate.resolve(option: nil, environment: ["SOURCE_DATE_EPOCH": "0"])?.day == "1970-01-01")
        #expect(throws: BuildDate.Problem(description: "--build-date `tomorrow` is not a date like 2024-03-01")) {
            try BuildDate.resolve(option: "tomorrow", environment: [:])
        }
    }
}
