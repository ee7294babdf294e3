import Foundation

/// What `readdir` says of one entry of a folder, read out of its fixed-size `dirent`: the one
/// place the walks over the disk (the content's, the watcher's, the removal's) touch its bytes.
package struct FolderEntry {
    /// The name's bytes, without the NUL that ends them.
    package let name: [UInt8]
    /// `d_type`: `DT_DIR`, `DT_REG`, `DT_LNK`, … or `DT_UNKNOWN` where the file system does not say.
    package let type: Int32

    package init(_ entry: UnsafeMutablePointer<dirent>) {
        name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
        type = Int32(entry.pointee.d_type)
    }

    /// The name as text (bytes that are not UTF-8 become U+FFFD, as the walks always read them).
    package var text: String { String(decoding: name, as: UTF8.self) }

    /// The name as a C string, its NUL included: for the `*at` calls.
    package var cString: [CChar] { name.map { CChar(bitPattern: $0) } + [0] }
}
