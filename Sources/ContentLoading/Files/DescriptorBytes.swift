import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes to and from an open file, whatever each system call takes at a time (`read` and
/// `write` may do less than asked, or be interrupted): the one home of those loops and of the
/// raw buffers they fill, for the content's reads and the site's writes.
package enum DescriptorBytes {
    /// Up to `size` bytes from `descriptor`, fewer when the file ends first (it shrank while it
    /// was read), or the `errno` of a failure.
    package static func read(_ descriptor: Int32, size: Int) -> Result<Data, Errno> {
        // Not zeroed first: the read fills it. Zeroing a 16 MB vote log was half its reading. A
        // small file's buffer is zeroed: `Data` copies so few bytes into itself before the read.
        guard let memory = size < 64 ? calloc(max(size, 1), 1) : malloc(size) else { return .failure(Errno(ENOMEM)) }
        var data = Data(bytesNoCopy: memory, count: size, deallocator: .free)
        var filled = 0
        let failure = data.withUnsafeMutableBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            while filled < size {
                let count = systemRead(descriptor, base + filled, size - filled)
                if count < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return errno
                }
                if count == 0 { break }
                filled += count
            }
            return nil
        }
        if let failure { return .failure(Errno(failure)) }
        if filled < size { data.removeSubrange(filled..<size) }
        return .success(data)
    }

    /// What one `read` of a non-blocking `descriptor` gives, at most `size` bytes: nil when
    /// nothing is waiting, at the end, or on a failure (a watcher's queue of events).
    package static func available(_ descriptor: Int32, upTo size: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: size)
        var count = -1
        while count < 0 {
            count = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno != EINTR { return nil }
        }
        guard count > 0 else { return nil }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// Up to `size` bytes at `offset` (`pread`), fewer at the end of the file; nil on a failure.
    package static func read(_ descriptor: Int32, size: Int, at offset: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: size)
        var count = -1
        while count < 0 {
            count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
            if count < 0 && errno != EINTR { return nil }
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// One `write` of `data`: how many bytes went out, or -1 with `errno` set.
    package static func writeOnce(_ data: Data, to descriptor: Int32) -> Int {
        data.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
    }

    /// Writes all of `data` to `descriptor`. Returns nil when it is written, else the `errno`
    /// of the failure.
    package static func write(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { bytes -> Int32? in
            guard let base = bytes.baseAddress else { return nil }
            var offset = 0
            while offset < bytes.count {
                let count = systemWrite(descriptor, base + offset, bytes.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += count
            }
            return nil
        }
    }

    /// Whether what `descriptor` holds from where it stands starts with all of `data` (the
    /// caller has checked the sizes), read in 64 KB pieces.
    package static func holds(_ data: Data, _ descriptor: Int32) -> Bool {
        let chunk = 1 << 16
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            var offset = 0
            while offset < bytes.count {
                guard let base = bytes.baseAddress else { return true }
                let count = systemRead(descriptor, buffer, min(chunk, bytes.count - offset))
                if count < 0 && errno == EINTR { continue }
                guard count > 0, memcmp(buffer, base + offset, count) == 0 else { return false }
                offset += count
            }
            return true
        }
    }

    /// An `errno` value.
    package struct Errno: Error, Equatable {
        package let code: Int32
        package init(_ code: Int32) { self.code = code }
        package var message: String { String(cString: strerror(code)) }
    }
}

#if canImport(Glibc)
    private let systemRead = Glibc.read
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
    private let systemWrite = Darwin.write
#endif
