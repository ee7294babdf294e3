import Foundation

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering

/// The SUSI fixtures in `Tests/Fixtures/` and scratch folders to build them in.
enum SusiFixture {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    /// A checkout in the SUSI layout: `models/<model>/<group>/<language>/<skill>.txt`.
    static let repository = fixtures.appendingPathComponent("susi-repo")
    /// SUSI's rating store pair (`skillRating.json`, `fiveStarSkillRating.json`).
    static let ratings = fixtures.appendingPathComponent("susi-ratings")

    /// A fresh empty folder, removed by `cleanUp`.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-susi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func cleanUp(_ url: URL) { try? FileManager.default.removeItem(at: url) }

    /// The same content as `content(in:ratings:)`, in memory.
    static func site(ratings: Bool = true) throws -> TestSite {
        let site = TestSite()
        try site.copy(repository, to: "skills/susi_skill_data")
        if ratings { try site.copy(self.ratings, to: "ratings/susi") }
        return site
    }

    /// `<scratch>/Content` with the repository as `skills/susi_skill_data` and the rating store in
    /// `ratings/susi`, the way a SUSI community would lay out a catalogue.
    static func content(in scratch: URL, ratings: Bool = true) throws -> ContentLocation {
        let content = scratch.appendingPathComponent("Content")
        let skills = content.appendingPathComponent("skills")
        try FileManager.default.createDirectory(at: skills, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repository, to: skills.appendingPathComponent("susi_skill_data"))
        if ratings {
            try FileManager.default.createDirectory(
                at: content.appendingPathComponent("ratings"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: self.ratings, to: content.appendingPathComponent("ratings/susi"))
        }
        return ContentLocation(root: content, display: "Content")
    }

    /// Every file below `folder`, relative paths, sorted.
    static func files(in folder: URL) -> [String] {
        let base = folder.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        var files: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            files.append(String(url.standardizedFileURL.path.dropFirst(base.count + 1)))
        }
        return files.sorted()
    }

    /// Relative links of a built site that do not lead to a file: each `href` and `src` of every
    /// page, entity-decoded and percent-decoded, resolved from the page's folder.
    static func brokenLinks(in site: URL) throws -> [String] { try brokenLinks(in: FixtureSite.tree(site)) }

    /// `brokenLinks` of a site built into memory, path → bytes.
    static func brokenLinks(in site: [String: Data]) throws -> [String] {
        var broken: [String] = []
        let pattern = try NSRegularExpression(pattern: #"(?:href|src)="([^"]*)""#)
        let root = URL(fileURLWithPath: "/site")
        for page in site.keys.sorted() where page.hasSuffix(".html") {
            let html = String(decoding: site[page] ?? Data(), as: UTF8.self)
            let range = NSRange(html.startIndex..., in: html)
            for match in pattern.matches(in: html, range: range) {
                guard let r = Range(match.range(at: 1), in: html) else { continue }
                let raw = html[r].replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(
                    of: "&#39;", with: "'"
                )
                .replacingOccurrences(of: "&quot;", with: "\"")
                if raw.hasPrefix("http://") || raw.hasPrefix("https://") || raw.hasPrefix("mailto:")
                    || raw.hasPrefix("#")
                {
                    continue
                }
                // 404.html links from the site root; every other page relatively.
                guard !raw.hasPrefix("/") else { continue }
                guard !raw.contains(" "), !raw.contains("<"), !raw.contains(">"),
                    let decoded = raw.removingPercentEncoding
                else {
                    broken.append("\(page): \(raw) (not percent-encoded)")
                    continue
                }
                var target = root.appendingPathComponent(page).deletingLastPathComponent().appendingPathComponent(
                    decoded)
                if decoded.isEmpty || decoded.hasSuffix("/") { target.appendPathComponent("index.html") }
                if site[String(target.standardizedFileURL.path.dropFirst(root.path.count + 1))] == nil {
                    broken.append("\(page): \(raw)")
                }
            }
        }
        return broken
    }
}
