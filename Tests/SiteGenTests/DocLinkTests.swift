import Foundation
import Testing

/// The README, CONTRIBUTING.md and docs/ link into each other by path and heading; a page renamed or
/// a heading reworded breaks links silently, so `scripts/check-doc-links` follows them all.
@Suite struct DocLinkTests {
    @Test func everyRelativeLinkBetweenThePagesLeadsSomewhere() throws {
        let run = try checkDocLinks([])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.output.contains("leads somewhere"))
    }

    /// The checker itself: a missing file, a missing heading, an HTML link, a reference link and a
    /// link out of the repository are each reported; code and links to other sites are not.
    @Test func theCheckerFindsEachKindOfBrokenLink() throws {
        let run = try checkDocLinks(["--self-test"])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.output.contains("self-test: ok"))
    }

    @Test func aBrokenAnchorFailsTheCheck() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        try FixtureSite.write(
            [
                "README.md": "# Site\n\nSee [the limits](docs/errors.md#limit).\n",
                "docs/errors.md": "# Errors\n\n## Limits\n",
            ],
            under: folder)
        let run = try checkDocLinks(["--root", folder.path])
        #expect(run.status == 1)
        #expect(run.errorOutput.contains("README.md:3: `docs/errors.md#limit`: docs/errors.md has no heading"))
    }

    private func checkDocLinks(_ arguments: [String]) throws -> SitegenExecutable.Run {
        try SitegenExecutable.python("scripts/check-doc-links", arguments)
    }
}
