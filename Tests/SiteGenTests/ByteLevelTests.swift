import CatalogueModel
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
/// file reading and listing, and plain array code for the link check's page scanner and for
/// the text runs the writers and readers share.
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

    /// Text from odd bytes: U+FFFD where they are not UTF-8, multi-byte scalars, NULs, CRs.
    static func text(_ count: Int, seed: UInt64) -> String {
        String(decoding: bytes(count, seed: seed), as: UTF8.self)
    }

    @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 200, 4099])
    func textRunsAgreeWithArrayCode(count: Int) {
        let text = Self.text(count, seed: UInt64(count) + 7)
        let utf8 = Array(text.utf8)
        #expect(text.isASCII == utf8.allSatisfy { $0 < 0x80 })
        #expect(String(decoding: utf8.filter { $0 < 0x80 }, as: UTF8.self).isASCII)
        let marked = (0..<256).map { $0 % 7 == 3 }
        #expect(text.firstUTF8Offset(markedIn: marked) == utf8.firstIndex { marked[Int($0)] })
        for start in stride(from: 0, through: utf8.count, by: max(1, utf8.count / 11)) {
            let range = start..<min(utf8.count, start + 13)
            var copied: [UInt8] = [1, 2]
            copied.append(utf8Of: text, range)
            #expect(copied == [1, 2] + utf8[range])
            let expected = utf8[range].firstIndex(of: 0x0A) ?? range.upperBound
            #expect(utf8.offset(of: 0x0A, in: range) == expected)
        }
        #expect(utf8.offset(of: 0x0A, in: (utf8.count + 1)..<(utf8.count + 4)) == utf8.count)
    }

    /// The escaping loop against a byte-by-byte map: marked bytes are replaced, or kept when
    /// `escape` takes none, or swallow the next byte with them when it takes two.
    @Test(arguments: [0, 1, 8, 31, 500])
    func escapingRunsAgreeWithAByteMap(count: Int) {
        let text = Self.text(count, seed: UInt64(count) + 11)
        let utf8 = Array(text.utf8)
        let marked = (0..<256).map { $0 % 5 == 0 }
        var out: [UInt8] = [9]
        out.append(utf8Of: text, escaping: marked) { bytes, at, output in
            switch bytes[at] % 3 {
            case 0: return 0
            case 1:
                output += [0x5B, bytes[at], 0x5D]
                return 1
            default:
                output.append(0x2A)
                return at + 1 < bytes.count ? 2 : 1
            }
        }
        var expected: [UInt8] = [9]
        var i = 0
        while i < utf8.count {
            let b = utf8[i]
            guard marked[Int(b)] else {
                expected.append(b)
                i += 1
                continue
            }
            switch b % 3 {
            case 0:
                expected.append(b)
                i += 1
            case 1:
                expected += [0x5B, b, 0x5D]
                i += 1
            default:
                expected.append(0x2A)
                i += i + 1 < utf8.count ? 2 : 1
            }
        }
        #expect(out == expected)
    }

    @Test(arguments: [0, 1, 100, 5000])
    func theFirstLongLineIsTheOneSplittingFinds(count: Int) {
        let data = Data(Self.bytes(count, seed: UInt64(count) + 3).map { $0 % 9 == 0 ? 0x0A : $0 })
        let lines = Array(data).split(separator: 0x0A, omittingEmptySubsequences: false)
        for limit in [0, 1, 5, 20, 100, 10_000] {
            let expected = lines.enumerated().first { $0.element.count > limit }.map {
                ($0.offset + 1, $0.element.count)
            }
            let found = data.firstLine(longerThan: limit)
            #expect(found?.number == expected?.0 && found?.length == expected?.1, "limit \(limit)")
        }
    }

    @Test func decimalsAreWrittenDigitByDigit() {
        for scaled in [0, 1, -1, 9, 10, -10, 123, 100_007, -999_999_999_999_999, Int.max, Int.min + 1] {
            for digits in 0...6 {
                var integer = String(scaled.magnitude)
                let pad = max(0, digits + 1 - integer.count)
                integer = String(repeating: "0", count: pad) + integer
                let cut = integer.index(integer.endIndex, offsetBy: -digits)
                let expected =
                    (scaled < 0 ? "-" : "") + integer[..<cut] + (digits > 0 ? "." + integer[cut...] : "")
                #expect(String.decimal(scaled, fractionDigits: digits) == expected, "\(scaled) \(digits)")
            }
        }
    }

}
