import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading

/// A kept load finds a file of the skill listing by its relative path (`SkillFolder.Listing.place`)
/// instead of making every file's path: on folders with odd names on disk (one name in two
/// Unicode spellings, spaces, emoji, markup, deep folders, a sibling folder whose name starts
/// like the listed one's), each path finds what comparing whole paths finds.
@Suite struct SkillListingTests {
    static let names = [
        "a.md", "b c.md", "<script>x</script>.md", "🚀 rocket.md", "caf\u{E9}.md", "cafe\u{301}.md",
        "deep/er/still/z.md", "deep/a.json", "Z.md", "z.md", "-.md", "\u{301}lead.md", "ü/ß.md",
    ]

    static func folder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("listing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    static func write(_ path: String, below root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A link left at the path is replaced, not written through.
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil {
            try FileManager.default.removeItem(at: url)
        }
        try Data("---\nname: X\ngroup: G\n---\n".utf8).write(to: url)
    }

    /// The first file whose whole path is `path`, as the kept load looked files up before.
    static func byWholePath(_ path: String, in listing: SkillFolder.Listing) -> Int? {
        listing.files.firstIndex { $0.path == path }
    }

    @Test(arguments: [false, true])
    func eachPathIsFoundWhereComparingWholePathsFindsIt(susiCheckout: Bool) throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let listed = susiCheckout ? "models" : "skills"
        for name in Self.names { try Self.write("\(listed)/\(name)", below: root) }
        try Self.write("\(listed)2/a.md", below: root)
        try Self.write("ratings/a.md", below: root)
        var log = DiagnosticLog()
        let location = ContentLocation(root: root, display: "Content")
        let listing = SkillFolder.list(location, &log)
        #expect(log.items.isEmpty)
        #expect(listing.files.count >= Self.names.count - 1)
        let folder = root.appendingPathComponent(listed).path
        var paths = listing.files.map(\.path)
        paths += [
            folder, folder + "/", folder + "/missing.md", folder + "2/a.md",
            root.appendingPathComponent("ratings/a.md").path,
            folder + "/deep", folder + "/deep/er", folder + "/A.md", folder + "/\u{301}", "", "/",
        ]
        for path in paths {
            #expect(listing.place(of: path) == Self.byWholePath(path, in: listing), "\(path)")
        }
        for (place, file) in listing.files.enumerated() {
            #expect(listing.relative(file.path) == file.relativePath)
            #expect(listing.place(of: file.path).map { listing.files[$0].path == file.path } == true, "\(place)")
        }
    }
}
