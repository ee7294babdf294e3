import CatalogueModel

/// `ratings/moderation.txt` (or `ratings/moderation`): the reviews an owner hides, one id per
/// line as each review's anchor shows it (`#review-<id>`), `#` starting a comment. Hiding a
/// review this way leaves the dump it came from untouched; its voter's stars still count.
struct ReviewModeration: Sendable {
    struct Hidden: Sendable {
        var id: String
        var path: String
        var line: Int
    }

    var hidden: [Hidden] = []

    static func isModerationFile(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered == "moderation" || lowered == "moderation.txt"
    }

    mutating func read(_ text: String, path: String, _ log: inout DiagnosticLog) {
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let id = content.trimmingWhitespace().lowercased()
            guard !id.isEmpty else { continue }
            guard id.count == 12, id.allSatisfy(\.isHexDigit) else {
                log.warning(
                    path, line: number, column: 1,
                    "`\(content.trimmingWhitespace())` is not a review id (12 letters and digits, as in a review's link `#review-…`); line ignored"
                )
                continue
            }
            hidden.append(Hidden(id: id, path: path, line: number))
        }
    }

    /// The hidden reviews' ids.
    var ids: Set<String> { Set(hidden.map(\.id)) }

    /// Takes the reviews of `ids` (`self.ids`) out of one skill's tally; those it held.
    static func hide(_ ids: Set<String>, in tally: inout RatingTally) -> Set<String> {
        var found = Set<String>()
        guard tally.reviews.contains(where: { ids.contains($0.id) }) else { return found }
        tally.reviews = tally.reviews.filter { review in
            guard ids.contains(review.id) else { return true }
            found.insert(review.id)
            return false
        }
        return found
    }

    /// Warns of each hidden id no tally held.
    func warn(found: Set<String>, _ log: inout DiagnosticLog) {
        for entry in hidden where !found.contains(entry.id) {
            log.warning(
                entry.path, line: entry.line, column: 1,
                "no review has the id `\(entry.id)`; it may have been removed from the dumps, or the id is mistyped")
        }
    }
}
