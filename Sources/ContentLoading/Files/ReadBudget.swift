import CatalogueModel
import Foundation

/// How many bytes of skill files one build may keep, shared by the readers on all cores: each
/// file is limited on its own (`InputLimits.skillFileBytes`), and this bounds them together
/// (`InputLimits.catalogueBytes`), so a catalogue of many large files cannot exhaust memory.
package final class ReadBudget: @unchecked Sendable {
    // `remaining` is only touched under `lock`.
    private let lock = NSLock()
    private var remaining: Int
    package let limit: Int

    package init(limit: Int = InputLimits.catalogueBytes) {
        self.limit = limit
        remaining = limit
    }

    /// Takes `bytes` from the budget; false (and nothing taken) when they do not fit.
    package func take(_ bytes: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard bytes <= remaining else { return false }
        remaining -= bytes
        return true
    }

    /// The error for a file that did not fit.
    func exceeded(_ path: String) -> Diagnostic {
        .error(
            path,
            "the catalogue's skill files together exceed \(limit.grouped) bytes (\(limit / (1024 * 1024)) MiB); "
                + "this file and any after it are not read. Split the catalogue, or remove files that are not skills")
    }
}
