import CatalogueModel
import Foundation

/// Each entry's SUSI skill object as bytes, made once when first asked for: a skill list of
/// `All` holds every skill twice (`filteredData` and `skills`), and a server answers many lists
/// from one build.
final class SusiSkillObjects: @unchecked Sendable {
    private let catalogue: Catalogue
    private let lock = NSLock()
    /// By entry place; guarded by `lock`.
    private var made: [[UInt8]?]

    init(_ catalogue: Catalogue) {
        self.catalogue = catalogue
        made = Array(repeating: nil, count: catalogue.entries.count)
    }

    subscript(index: Int) -> JSONOutput {
        if let bytes = lock.withLock({ made[index] }) { return .written(bytes) }
        let bytes = JSONAPI.skill(catalogue.entries[index], config: catalogue.config).bytes
        lock.withLock { made[index] = bytes }
        return .written(bytes)
    }
}
