import Foundation
import SiteGenTesting
import Testing

@testable import CatalogueModel
@testable import SiteAssembly

/// Skill images sized at build time (`ImageStage`): copies at every box in WebP and the
/// original's format, `<picture>` markup that names them, the cache a second build takes them
/// from, and hostile files (truncated, a decompression bomb, SVG and text under a PNG name, a
/// JPEG named PNG) as warnings and placeholders. Tests/Fixtures/images holds one skill per file.
@Suite struct ImageSizingTests {
    private static func build(cache: URL?) throws -> (report: BuildReport, files: [String: Data]) {
        var options = FixtureSite.options(try FixtureSite.memoryContent("images"))
        options.imageCache = cache
        return try FixtureSite.build(options)
    }

    private static func page(_ files: [String: Data], _ id: String) -> String {
        files["skills/\(id)/index.html"].map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    @Test func anOversizedImageIsShownFromCopiesAtItsBoxesWithWebPFirst() throws {
        let (_, files) = try Self.build(cache: nil)
        let page = Self.page(files, "oversized")
        #expect(page.contains(#"<source type="image/webp" srcset="../../media/images/oversized.png.112.webp, "#))
        #expect(
            page.contains(
                #"<img src="../../media/images/oversized.png.112.png" srcset="../../media/images/oversized.png.224.png 2x""#
            ))
        #expect(page.contains(#"width="112" height="112""#))
        let original = try #require(files["media/images/oversized.png"])
        for box in [56, 112, 224] {
            let webp = try #require(files["media/images/oversized.png.\(box).webp"])
            let png = try #require(files["media/images/oversized.png.\(box).png"])
            #expect(webp.starts(with: Data("RIFF".utf8)) && webp.count < original.count / 4)
            #expect(png.starts(with: Data([0x89, 0x50, 0x4E, 0x47])) && png.count < original.count)
        }
        // The home page's card shows the card's box.
        let home = String(decoding: try #require(files["index.html"]), as: UTF8.self)
        #expect(home.contains(#"srcset="media/images/oversized.png.56.webp, media/images/oversized.png.112.webp 2x""#))
    }

    @Test func aJPEGKeepsJPEGAsItsFallbackAndOneNamedPNGIsSizedByItsBytesWithAWarning() throws {
        let (report, files) = try Self.build(cache: nil)
        #expect(files["media/images/photo.jpg.56.jpg"]?.starts(with: Data([0xFF, 0xD8])) == true)
        #expect(files["media/images/says-png.png.56.jpg"]?.starts(with: Data([0xFF, 0xD8])) == true)
        let warning = report.warnings.first { $0.path == "Content/images/says-png.png" }
        #expect(warning?.message.contains("holds JPEG data though its name says png") == true)
        #expect(!report.warnings.contains { $0.path == "Content/images/photo.jpg" })
    }

    @Test(arguments: [
        ("truncated", "truncated or damaged"), ("bomb", "is 30000 × 30000 pixels, more than `images.max_pixels`"),
        ("script", "holds SVG, which can carry script"), ("not-an-image", "is not an image libvips can read"),
    ])
    func aHostileImageIsAWarningAndThePlaceholderAndIsNotPublished(name: String, reason: String) throws {
        let (report, files) = try Self.build(cache: nil)
        let warning = report.warnings.first { $0.path == "Content/images/\(name).png" }
        #expect(warning?.message.contains(reason) == true, "\(String(describing: warning))")
        #expect(warning?.message.contains("its skills show the placeholder") == true)
        #expect(!files.keys.contains { $0.hasPrefix("media/images/\(name).png") })
        let page = Self.page(files, name)
        #expect(page.contains(#"class="placeholder placeholder-large""#))
        #expect(!page.contains("\(name).png"))
    }

    // photo.jpg and says-png.png hold the same bytes: two distinct images are sized.
    @Test func aSecondBuildTakesEveryCopyFromTheCacheAndWritesTheSameBytes() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let first = try Self.build(cache: folder)
        #expect(first.report.imagesMade == 2 && first.report.imagesReused == 0)
        let second = try Self.build(cache: folder)
        #expect(second.report.imagesMade == 0 && second.report.imagesReused == 2)
        #expect(second.report.summary.contains("2 images sized (0 made, 2 from the cache)"))
        #expect(first.files == second.files)
    }

    @Test func resizeFalsePublishesImagesAsGiven() throws {
        let site = try TestSite(copying: FixtureSite.fixture("images"))
        site.write("site.yml", "images:\n  resize: false\n")
        try site.build()
        #expect(site.built["media/images/oversized.png"] != nil)
        #expect(!site.built.keys.contains { $0.hasSuffix(".webp") })
        #expect(try !site.read("skills/oversized/index.html").contains("<picture>"))
    }

    /// libvips is loaded when a build first has an image to size; where it cannot be, the
    /// build still succeeds, says so once, and publishes the images as given.
    @Test func withoutLibvipsTheBuildSaysSoAndPublishesImagesAsGiven() throws {
        let sitegen = try #require(SitegenExecutable.url, "the sitegen executable was not built")
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let content = folder.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: FixtureSite.fixture("images"), to: content)
        let run = try SitegenExecutable.run(
            sitegen, ["build"], in: folder, environment: ["SITEGEN_VIPS_LIBRARY": "/nonexistent/libvips.so.42"])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.output.contains("note: images are published as they are: libvips could not be loaded"))
        #expect(!run.output.contains("images sized"))
        let media = folder.appendingPathComponent("Public/media/images")
        let published = try FileManager.default.contentsOfDirectory(atPath: media.path)
        #expect(!published.contains { $0.hasSuffix(".webp") })
        #expect(
            try Data(contentsOf: media.appendingPathComponent("oversized.png"))
                == Data(contentsOf: content.appendingPathComponent("images/oversized.png")))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".sitegen-cache").path))
    }

    /// Under `serve`, an image file the watcher did not name is as the last run found it: a
    /// rebuild after a name edit neither reads nor hashes the site's images again.
    @Test func aKeptSiteReadsOnlyTheImagesThatChanged() throws {
        let site = try TestSite(copying: FixtureSite.fixture("images"))
        var live = LiveSite()
        try live.apply(site.options())
        let copy = "media/images/oversized.png.56.webp"
        let first = try #require(live.files[copy])
        let photo = try Data(contentsOf: FixtureSite.fixture("images").appendingPathComponent("images/photo.jpg"))
        site.write("images/oversized.png", data: photo)
        site.skill("oversized", name: "Renamed", group: "Images", image: "images/oversized.png")
        let skill = site.content.appendingPathComponent("skills/oversized.md").path
        let renamed = try live.apply(site.options(), changed: [skill], changedOnly: true)
        #expect(live.files[copy] == first, "an image the watcher did not name was read again")
        #expect(renamed.report.imagesMade == 0 && renamed.report.imagesReused == 2)
        let image = site.content.appendingPathComponent("images/oversized.png").path
        let edited = try live.apply(site.options(), changed: [image], changedOnly: true)
        #expect(live.files[copy] != first)
        #expect(edited.report.imagesMade == 0, "photo.jpg's bytes were sized already")
        #expect(edited.report.warnings.contains { $0.message.contains("holds JPEG data though its name says png") })
    }

    /// An image shown as given (already near its box, so not in the sizings) that turns hostile
    /// under `serve` is refused on every page at once, and its file is no longer published.
    @Test func anImageThatTurnsHostileUnderServeIsRefusedAtOnce() throws {
        let site = TestSite()
        site.write("images/tiny.png", data: SmallImage.png)
        site.skill("g/tiny", name: "Tiny", group: "G", image: "images/tiny.png")
        site.skill("g/other", name: "Other", group: "G")
        var live = LiveSite()
        try live.apply(site.options())
        #expect(live.files["media/images/tiny.png"] == SmallImage.png)
        let script = try Data(contentsOf: FixtureSite.fixture("images").appendingPathComponent("images/script.png"))
        site.write("images/tiny.png", data: script)
        let image = site.content.appendingPathComponent("images/tiny.png").path
        try live.apply(site.options(), changed: [image], changedOnly: true)
        #expect(live.files["media/images/tiny.png"] == nil)
        let page = String(decoding: try #require(live.files["skills/g/tiny/index.html"]), as: UTF8.self)
        #expect(page.contains(#"class="placeholder placeholder-large""#) && !page.contains("tiny.png"))
        site.write("images/tiny.png", data: SmallImage.png)
        try live.apply(site.options(), changed: [image], changedOnly: true)
        #expect(live.files["media/images/tiny.png"] == SmallImage.png)
        let full = MemoryOutput()
        _ = try SiteBuilder.build(site.options(), into: full)
        #expect(full.files == live.files)
    }

    /// A skill's own image may have the name of another's copy: that other is shown as given
    /// rather than the build failing on two files with one name.
    @Test func anImageNamedLikeAnothersCopyKeepsBothAndTheBuildGoesOn() throws {
        let site = try TestSite(copying: FixtureSite.fixture("images"))
        site.write("images/oversized.png.56.png", data: SmallImage.png)
        site.skill("g/clash", name: "Clash", group: "G", image: "images/oversized.png.56.png")
        let report = try site.build()
        let warning = report.warnings.first { $0.path == "Content/images/oversized.png" }
        #expect(warning?.message.contains("would be named `images/oversized.png.56.png`") == true)
        #expect(site.built["media/images/oversized.png.56.png"] == SmallImage.png)
        let page = try site.read("skills/oversized/index.html")
        #expect(page.contains(#"<img src="../../media/images/oversized.png" alt="" width="112""#))
        #expect(!site.built.keys.contains("media/images/oversized.png.112.png"))
    }

    /// A cache entry that does not hold what its name says (written by hand, cut short) is made again.
    @Test func aDamagedCacheEntryIsMadeAgain() throws {
        let folder = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(folder) }
        let first = try Self.build(cache: folder)
        let manager = FileManager.default
        for entry in try manager.subpathsOfDirectory(atPath: folder.path) {
            let file = folder.appendingPathComponent(entry)
            var isFolder: ObjCBool = false
            if manager.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue {
                try Data("<svg onload=alert(1)>".utf8).write(to: file)
            }
        }
        let second = try Self.build(cache: folder)
        #expect(second.report.imagesMade == 2)
        #expect(first.files == second.files)
    }
}
