import CatalogueModel
import ContentLoading
import Foundation
import ImageCoding
import SiteAssembly

/// Each content reader from raw file bytes to diagnostics, without a content folder around it:
/// the fuzz targets in `Fuzz/` drive the readers through these, and tests replay what they find.
/// The bytes go through the same UTF-8 and size checks as a file read from disk.
public enum ReaderEntryPoints {
    /// A `.jsonl` vote log in `Content/ratings/`.
    public static func voteLines(_ bytes: [UInt8]) -> [Diagnostic] {
        let path = "ratings/votes.jsonl"
        var log = DiagnosticLog()
        guard let text = SourceText.decode(Data(bytes), displayPath: path, limit: InputLimits.ratingFileBytes, &log)
        else { return log.items }
        var events = EventMerger()
        events.read(text, path: path, &log)
        _ = events.tallies()
        return log.items
    }

    /// A `.json` rating file: counts by skill id, or SUSI's store, whichever its shape says.
    public static func ratingJSON(_ bytes: [UInt8]) -> [Diagnostic] {
        let path = "ratings/counts.json"
        var log = DiagnosticLog()
        guard let text = SourceText.decode(Data(bytes), displayPath: path, limit: InputLimits.ratingFileBytes, &log)
        else { return log.items }
        var sources = RatingSources()
        var folders: [String: SusiFolder] = [:]
        let file = ContentFile(
            url: URL(fileURLWithPath: "/ratings/counts.json"), relativePath: "counts.json", displayPath: path)
        RatingReader.readJSON(text, file: file, into: &sources, susi: &folders, &log)
        for folder in folders.values { _ = folder.merged(&log) }
        return log.items
    }

    /// SUSI's server rating store (`skillRating.json`, `fiveStarSkillRating.json`), read as the
    /// store even when its shape would pass for a counts file.
    public static func susiStoreJSON(_ bytes: [UInt8]) -> [Diagnostic] {
        let path = "ratings/fiveStarSkillRating.json"
        var log = DiagnosticLog()
        guard let text = SourceText.decode(Data(bytes), displayPath: path, limit: InputLimits.ratingFileBytes, &log)
        else { return log.items }
        do {
            guard let root = try JSONValue.parse(text).object else { return log.items }
            var folder = SusiFolder()
            SusiStoreReader.read(root, text: text, path: path, into: &folder, &log)
            _ = folder.merged(&log)
        } catch {
            log.append(JSONProblem.diagnostic(for: error, path: path, text: text))
        }
        return log.items
    }

    /// A Markdown skill: YAML front matter, then the description.
    public static func markdownSkill(_ bytes: [UInt8]) -> [Diagnostic] {
        let path = "skills/news/headline-finder.md"
        var log = DiagnosticLog()
        guard let text = SourceText.decode(Data(bytes), displayPath: path, &log) else { return log.items }
        if var skill = MarkdownSkillReader.read(text, id: "news/headline-finder", displayPath: path, &log) {
            _ = SkillText.check(&skill, &log)
        }
        return log.items
    }

    /// The plain front-matter reader against Yams, on a Markdown skill's front matter (or the
    /// whole text when it has none): nil when they agree, else what differs.
    public static func plainYAMLDifference(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let yaml = (try? FrontMatter.split(text))?.yaml ?? text
        return PlainYAMLAgreement.difference(yaml)
    }

    /// A SUSI skill file (`.txt`) at `models/general/News/en/headline.txt`.
    public static func susiSkillFile(_ bytes: [UInt8]) -> [Diagnostic] {
        let path = "skills/models/general/News/en/headline.txt"
        var log = DiagnosticLog()
        guard let text = SusiRepositoryReader.text(Data(bytes), displayPath: path, &log) else { return log.items }
        let location = SusiSkillLocation(
            model: "general", group: "News", language: "en", tag: "headline",
            languageFolder: "skills/models/general/News/en")
        let result = SusiSkillFileReader.read(
            text, location: location, id: "models/general/News/en/headline", displayPath: path)
        log.append(contentsOf: result.diagnostics)
        if var skill = result.skill { _ = SkillText.check(&skill, &log) }
        return log.items
    }

    /// `Content/site.yml`.
    public static func siteConfig(_ bytes: [UInt8]) -> [Diagnostic] {
        let path = "site.yml"
        var log = DiagnosticLog()
        guard let text = SourceText.decode(Data(bytes), displayPath: path, limit: SiteConfigReader.maxBytes, &log)
        else { return log.items }
        _ = SiteConfigReader.read(text, path: path, &log)
        return log.items
    }

    /// A skill's image: a one-skill catalogue whose `images/x.png` holds the bytes, built into
    /// memory as `sitegen build` would, image stage included. Whatever the bytes, the build
    /// answers with a warning, or publishes copies that are images and never SVG.
    public static func skillImage(_ bytes: [UInt8]) -> [Diagnostic] {
        let root = URL(fileURLWithPath: "/memory/Content")
        let files = [
            root.appendingPathComponent("skills/g/x.md").path: Data(
                "---\nname: X\ngroup: G\nimage: images/x.png\n---\nA skill.\n".utf8),
            root.appendingPathComponent("images/x.png").path: Data(bytes),
        ]
        let options = BuildOptions(
            content: ContentLocation(root: root, display: "Content", source: .memory(files)), templates: nil,
            output: URL(fileURLWithPath: "/memory/Public"), outputDisplay: "Public")
        let output = MemoryOutput()
        do {
            let report = try SiteBuilder.build(options, into: output)
            // Without libvips every original is published as given: nothing to hold the build to.
            for (path, data) in output.files where ImageCodec.isAvailable && path.hasPrefix("media/images/x.png") {
                let kind = ImageCodec.kind(of: [UInt8](data))
                // The original is published as given only when it is an image; a copy always is one.
                precondition(kind != nil && kind != .svg, "published \(path), which is not a safe image")
            }
            return report.warnings
        } catch {
            return error.diagnostics
        }
    }
}
