import CatalogueModel
import Yams

/// A YAML value as the readers see it: text with what decides how it reads (plain or quoted, its
/// tag), a list or a mapping, each at the line and column Yams reports. Yams' nodes are converted
/// into it, and `PlainYAML` makes it directly for the plain front matter nearly every skill has:
/// Yams' positions (`Mark`) cannot be made outside Yams.
struct YAMLNode: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case scalar(String, style: Style, tag: String)
        case sequence([YAMLNode])
        case mapping([Pair])
        case alias
    }

    /// Only plain or not matters to the readers (`~` is null, `"~"` is text); `any` is Yams' own.
    enum Style: Sendable, Equatable { case plain, any, quotedOrBlock }

    struct Pair: Sendable, Equatable {
        package var key: YAMLNode
        package var value: YAMLNode
    }

    package var kind: Kind
    /// From 1, in the YAML text; nil when Yams gives none.
    package var line: Int?
    package var column: Int?

    /// The tag libyaml gives a quoted scalar, and Yams a mapping key once it has compared keys.
    static let stringTag = Tag.Name.str.rawValue

    package init(_ kind: Kind, line: Int?, column: Int?) {
        self.kind = kind
        self.line = line
        self.column = column
    }

    /// Nesting is bounded by `YAMLGuard` before Yams composes, so the recursion is too.
    package init(_ node: Node) {
        switch node {
        case .scalar(let scalar):
            let style: Style = scalar.style == .plain ? .plain : scalar.style == .any ? .any : .quotedOrBlock
            kind = .scalar(scalar.string, style: style, tag: scalar.tag.rawValue)
        case .sequence(let sequence):
            kind = .sequence(sequence.map(YAMLNode.init))
        case .mapping(let mapping):
            kind = .mapping(mapping.map { Pair(key: YAMLNode($0.key), value: YAMLNode($0.value)) })
        case .alias:
            kind = .alias
        }
        line = node.mark?.line
        column = node.mark?.column
    }

    package var string: String? {
        guard case .scalar(let string, _, _) = kind else { return nil }
        return string
    }

    var isPlainScalar: Bool {
        guard case .scalar(_, let style, _) = kind else { return false }
        return style == .plain
    }

    /// The scalar as Yams holds it, for Yams' own readings of booleans and numbers.
    var yamsScalar: Node.Scalar? {
        guard case .scalar(let string, let style, let tag) = kind else { return nil }
        let yamsStyle: Node.Scalar.Style =
            switch style {
            case .plain: .plain
            case .any: .any
            case .quotedOrBlock: .doubleQuoted
            }
        return Node.Scalar(string, Tag(Tag.Name(rawValue: tag), .basic), yamsStyle)
    }

    package var bool: Bool? { yamsScalar.flatMap(Bool.construct) }
    var float: Double? { yamsScalar.flatMap(Double.construct) }
    package var int: Int? { yamsScalar.flatMap(Int.construct) }
}
