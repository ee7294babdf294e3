import Crypto
import Foundation

/// A theme asset's name with its content in it: `assets/style.css` → `assets/style.3f9c1a2b.css`,
/// the first 8 hex digits of its SHA-256. A changed file gets a new name, so a host may let
/// browsers keep the old one for a year without asking (`deploy/nginx-catalogue.conf`).
package enum AssetFingerprint {
    /// Hex digits of the hash in the name: 32 bits, so two versions of one file share a name
    /// once in four billion edits.
    static let digits = 8

    package static func path(_ path: String, of bytes: Data) -> String {
        let hash = hex(of: bytes, digits: digits)
        let folderEnd = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        // The last dot of the file's own name, unless it starts the name (`.nojekyll`).
        if let dot = path[folderEnd...].lastIndex(of: "."), dot > folderEnd {
            return path[..<dot] + "." + hash + path[dot...]
        }
        return path + "." + hash
    }

    /// The first `digits` hex digits of the bytes' SHA-256 (64: all of it), the same on every machine.
    package static func hex(of bytes: Data, digits: Int = 64) -> String {
        SHA256.hash(data: bytes).prefix((digits + 1) / 2).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
}
