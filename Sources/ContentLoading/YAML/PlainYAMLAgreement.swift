import CatalogueModel
import Yams

/// `PlainYAML` against Yams on one document: the differential tests and the `FuzzPlainYAML`
/// target both ask this, so they hold the plain reader to the same standard.
package enum PlainYAMLAgreement {
    /// Nil when the plain reader leaves the text to Yams (or the guard refuses it first, as the
    /// build does) or reads it exactly as Yams does; otherwise what differs.
    package static func difference(_ yaml: String) -> String? {
        guard let plain = PlainYAML.mapping(yaml), YAMLGuard.check(yaml) == nil else { return nil }
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml, .basic, .default, .utf8)
        } catch {
            return "the plain reader accepted what Yams refuses (\(error)): \(yaml.debugDescription)"
        }
        guard let node, case .mapping(let pairs) = YAMLNode(node).kind else {
            return "the plain reader found a mapping where Yams found none: \(yaml.debugDescription)"
        }
        guard pairs == plain else {
            return "read differently: \(yaml.debugDescription)\nYams:  \(pairs)\nplain: \(plain)"
        }
        return nil
    }
}
