import ContentLoading
import Foundation
import Testing

@testable import SiteAssembly

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few types that touch raw memory, each against a reference that does not: Foundation's
/// file reading and listing, and plain array code for the link check's page scanner.
@Suite struct ByteLevelTests {
    /// Bytes no text fixture would hold: every value, runs of NULs and newlines, odd lengths.
    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(arguments: [0, 1, 63, 64, 65, 4096, 65_537, 300_001])
    func descriptorReadsAndWritesWhatFoundationDoes(count: Int) throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("data")
        let data = Data(Self.bytes(count, seed: UInt64(count) + 1))

        let out = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(out >= 0)
        #expect(DescriptorBytes.write(data, to: out) == nil)
        close(out)
        #expect(try Data(contentsOf: file) == data)

        let input = open(file.path, O_RDONLY)
        try #require(input >= 0)
        defer { close(input) }
        // Asked for more than the file holds, as when it shrank while it was read.
        #expect(try DescriptorBytes.read(input, size: count + 10).get() == data)
        for offset in [0, count / 3, count] {
            #expect(
                DescriptorBytes.read(input, size: 100, at: offset) == Array(data[offset..<min(offset + 100, count)]))
        }
        lseek(input, 0, SEEK_SET)
        #expect(DescriptorBytes.holds(data, input))
        if count > 0 {
            var other = data
            other[count / 2] ^= 0x01
            lseek(input, 0, SEEK_SET)
            #expect(!DescriptorBytes.holds(other, input))
        }
    }

    @Test func aFailedReadSaysWhy() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let descriptor = open(folder.path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        // A folder opens but cannot be read.
        #expect(throws: DescriptorBytes.Errno(EISDIR)) { try DescriptorBytes.read(descriptor, size: 10).get() }
        #expect(DescriptorBytes.read(descriptor, size: 10, at: 0) == nil)
    }

    @Test func onePipeReadGivesWhatIsWaiting() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        #expect(DescriptorBytes.available(ends[0], upTo: 64) == nil)
        let sent = Self.bytes(100, seed: 7)
        #expect(DescriptorBytes.writeOnce(Data(sent), to: ends[1]) == 100)
        #expect(DescriptorBytes.available(ends[0], upTo: 64) == Array(sent[0..<64]))
        #expect(DescriptorBytes.available(ends[0], upTo: 64) == Array(sent[64...]))
        #expect(DescriptorBytes.available(ends[0], upTo: 64) == nil)
    }

    @Test func folderEntriesNameWhatFoundationLists() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = [
            "plain.md", "<script>alert(1)<\\script>.md", "tea 🍵 timer.json", "é", String(repeating: "x", count: 255),
        ]
        for name in names { try Data().write(to: folder.appendingPathComponent(name)) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub folder"), withIntermediateDirectories: false)

        let stream = try #require(opendir(folder.path))
        defer { closedir(stream) }
        var found: [String: Int32] = [:]
        while let entry = readdir(stream) {
            let read = FolderEntry(entry)
            #expect(read.cString.last == 0)
            #expect(Array(read.cString.dropLast().map { UInt8(bitPattern: $0) }) == read.name)
            if read.text != "." && read.text != ".." { found[read.text] = read.type }
        }
        let listed = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(found.keys.sorted() == listed.sorted())
        let folderType = found["sub folder"]
        #expect(folderType == Int32(DT_DIR) || folderType == Int32(DT_UNKNOWN))
    }

    @Test(arguments: [0, 1, 7, 8, 9, 200, 4099])
    func markupScannerAgreesWithArrayCode(count: Int) {
        let bytes = Self.bytes(count, seed: UInt64(count) + 99).map { $0 % 4 == 0 ? UInt8(ascii: "<") : $0 }
        MarkupScanner.reading(bytes) { page in
            #expect(page.n == count)
            for index in stride(from: 0, through: count, by: max(1, count / 13)) {
                let expected = bytes[index...].firstIndex(of: UInt8(ascii: "<")) ?? count
                #expect(page.find(UInt8(ascii: "<"), from: index) == expected)
                if index + 8 <= count {
                    #expect(page.word(at: index) == MarkupScanner.word(of: bytes, at: index))
                }
                let range = index..<min(count, index + 17)
                #expect(page.text(range) == String(decoding: bytes[range], as: UTF8.self))
                #expect(page.same(range, as: bytes, index))
                #expect(page.has(Array(bytes[range]), at: index..<count))
                #expect(Array(page.part(range).slice(0..<range.count)) == Array(bytes[range]))
                if !range.isEmpty {
                    var other = bytes
                    other[range.upperBound - 1] ^= 0x80
                    #expect(!page.same(range, as: other, index))
                }
            }
            // Out of range on either side is not the same, never a read past the end.
            #expect(!page.same(0..<(count + 1), as: bytes + [0], 0))
            #expect(!page.same(0..<1, as: [], 0))
        }
    }
}
