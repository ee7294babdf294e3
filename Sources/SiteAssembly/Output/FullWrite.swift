import Foundation
import PageRendering

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// All of a buffer to an open file: `write` may take less than it is given, or be interrupted.
public enum FullWrite {
    /// Writes all of `data` to `descriptor`. Returns nil when it is written, else the `errno`
    /// of the failure.
    public static func write(_ data: Data, to descriptor: Int32) -> Int32? {
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
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif
