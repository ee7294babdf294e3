import Foundation
import Testing

@testable import CatalogueModel
@testable import ContentLoading
@testable import PageRendering
@testable import SiteAssembly

/// The memory source answers as the disk does for the same regular files, so what the readers
/// report does not depend on where the bytes came from.
@Suite struct ContentSourceTests {
    static let files: [String: Data] = [
        "/m/Content/skills/a.md": Data("a".utf8),
        "/m/Content/skills/deep/b.json": Data("b".utf8),
        "/m/Content/skills/.hidden.md": Data("h".utf8),
        "/m/Content/skills/.git/config": Data("g".utf8),
        "/m/Content/big.txt": Data(count: 10),
    ]

    /// A file is read into memory that is not zeroed first: it must come back byte for byte, at
    /// every size from empty to several reads' worth, with nothing of the buffer around it.
    @Test func aFileReadsBackExactly() throws {
        let root = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(root) }
        var random = SplitMix64(seed: 3)
        for size in [0, 1, 2, 15, 16, 17, 4_095, 4_096, 4_097, 65_537, 3_000_001] {
            let bytes = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &random) })
            let url = root.appendingPathComponent("file-\(size)")
            try bytes.write(to: url)
            let read = try RegularFile.read(url.path, limit: 1 << 24)
            #expect(read.count == size)
            #expect(read == bytes, "size \(size)")
        }
    }

    /// A kept load keys files by `path`, made without a URL; anything else reaches them by `url.path`.
    @Test func aFilesPathIsItsURLsPath() throws {
        let root = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(root) }
        let names = ["plain.md", "with space.md", "100% <script>.md", "ümlaut/é😀.json", "a%2Fb.md", "deep/er/x?y#z.md"]
        try FixtureSite.write(
            Dictionary(uniqueKeysWithValues: names.map { ("Content/skills/" + $0, "x") }), under: root)
        var log = DiagnosticLog()
        let files = ContentFile.list(
            in: root.appendingPathComponent("Content/skills"), display: "Content/skills", source: .disk, &log)
        #expect(files.count == names.count)
        for file in files {
            #expect(file.path == file.url.path, "\(file.relativePath)")
            #expect(file.prefixed("skills/").path == file.url.path)
        }
    }

    @Test func listsWhatTheDiskWouldListSkippingHiddenEntries() throws {
        let root = try FixtureSite.temporaryFolder()
        defer { FixtureSite.remove(root) }
        try FixtureSite.write(
            Self.files.mapKeys { String($0.dropFirst("/m/".count)) }.mapValues { String(decoding: $0, as: UTF8.self) },
            under: root)
        var diskLog = DiagnosticLog()
        var memoryLog = DiagnosticLog()
        let disk = ContentFile.list(
            in: root.appendingPathComponent("Content/skills"), display: "Content/skills", source: .disk, &diskLog)
        let memory = ContentFile.list(
            in: URL(fileURLWithPath: "/m/Content/skills"), display: "Content/skills",
            source: .memory(Self.files), &memoryLog)
        #expect(memory.map(\.relativePath) == ["a.md", "deep/b.json"])
        #expect(memory.map(\.relativePath) == disk.map(\.relativePath))
        #expect(memory.map(\.displayPath) == disk.map(\.displayPath))
        #expect(memoryLog.items.isEmpty && diskLog.items.isEmpty)
    }

    @Test func readsHoldTheSizeLimitAndRefuseFolders() throws {
        let source = ContentSource.memory(Self.files)
        #expect(try source.read("/m/Content/skills/a.md", 10) == Data("a".utf8))
        #expect(throws: RegularFile.Failure.tooLarge(size: 10, limit: 9)) { try source.read("/m/Content/big.txt", 9) }
        #expect(throws: RegularFile.Failure.notRegular("a folder")) { try source.read("/m/Content/skills", 10) }
        #expect(throws: RegularFile.Failure.system("No such file or directory")) {
            try source.read("/m/Content/none", 10)
        }
    }

    @Test func saysWhatIsAtAPath() {
        let source = ContentSource.memory(Self.files)
        #expect(source.status("/m/Content", false) == .folder)
        #expect(source.status("/m/Content/skills/deep/b.json", false) == .file)
        #expect(source.status("/m/Content/ratings", false) == .missing)
        #expect(source.resolved("/m/Content/skills/../big.txt") == "/m/Content/big.txt")
    }

    @Test func aMissingContentFolderInMemoryIsTheDisksError() {
        let loaded = ContentLoader.load(
            ContentLocation(
                root: URL(fileURLWithPath: "/m/Nowhere"), display: "Nowhere",
                source: .memory(Self.files)))
        #expect(
            loaded.errors.map(\.description).first
                == "Nowhere: error: content folder not found; pass --content DIR or run from the folder that holds Content/"
        )
    }
}

extension Dictionary {
    fileprivate func mapKeys<K: Hashable>(_ transform: (Key) -> K) -> [K: Value] {
        [K: Value](uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}

/// A one-off load stamps no skill file (nothing compares the stamps later); a kept load stamps
/// every one, so the next load can tell which changed.
@Suite struct SkillStampTests {
    /// The memory source, counting the stamps asked of skill files.
    final class Counted: @unchecked Sendable {
        private let lock = NSLock()
        private var stamped = 0
        var count: Int { lock.withLock { stamped } }

        func source(_ files: [String: Data]) -> ContentSource {
            let memory = ContentSource.memory(files)
            return ContentSource(
                status: memory.status, resolved: memory.resolved, linkTarget: memory.linkTarget,
                entries: memory.entries, read: memory.read,
                stamp: { path in
                    if path.contains("/skills/") { self.lock.withLock { self.stamped += 1 } }
                    return memory.stamp(path)
                })
        }
    }

    static let files: [String: Data] = [
        "/s/Content/site.yml": Data("title: Stamps\n".utf8),
        "/s/Content/skills/a.md": Data("---\nname: A\ngroup: G\n---\nAbout a.\n".utf8),
        "/s/Content/skills/b.md": Data("---\nname: B\ngroup: G\n---\nAbout b.\n".utf8),
    ]

    @Test func aOneOffLoadStampsNoSkillFile() {
        let counted = Counted()
        let location = ContentLocation(root: URL(fileURLWithPath: "/s/Content"), source: counted.source(Self.files))
        let loaded = ContentLoader.load(location)
        #expect(loaded.skills.map(\.id).sorted() == ["a", "b"])
        #expect(counted.count == 0)
    }

    @Test func aKeptLoadStampsEverySkillFile() {
        let counted = Counted()
        let location = ContentLocation(root: URL(fileURLWithPath: "/s/Content"), source: counted.source(Self.files))
        var kept = ParsedContent()
        let loaded = ContentLoader.load(location, keeping: &kept)
        #expect(loaded.skills.map(\.id).sorted() == ["a", "b"])
        #expect(counted.count == 2)
    }
}
