import Foundation

/// Skills' API objects as bytes, each left by the skill's own file (`api/skills/<id>.json`) for
/// its group's list, which holds the same object: written once instead of twice. The list takes
/// what it finds and writes the rest itself (a kept build makes only changed skills' files), so
/// its bytes never depend on which files were made first.
final class SkillJSONShelf: @unchecked Sendable {
    private let lock = NSLock()
    /// By the skill's place in its group; guarded by `lock`.
    private var shelved: [[UInt8]?]

    init(count: Int) {
        shelved = Array(repeating: nil, count: count)
    }

    func put(_ bytes: [UInt8], at index: Int) {
        lock.withLock { shelved[index] = bytes }
    }

    /// The bytes left at `index`, taken off: the list holds them from then on (a list made again
    /// finds nothing here, and writes every object itself).
    func take(at index: Int) -> [UInt8]? {
        lock.withLock {
            defer { shelved[index] = nil }
            return shelved[index]
        }
    }
}
