import Mustache
import MustacheCompiler

/// Typed template data as swift-mustache sees it: the bridge that lets swift-mustache render the
/// same values as our compiled engine, so that the two can be compared byte for byte.
///
/// Printed (`{{context}}`, or inside a printed list) as the data itself, not as this wrapper, so
/// that both engines print the same text for it.
public struct OracleData: MustacheParent, CustomStringConvertible, CustomDebugStringConvertible, @unchecked Sendable {
    public let data: any TemplateData
    public init(_ data: any TemplateData) { self.data = data }

    public var description: String { String(describing: data) }
    public var debugDescription: String { String(reflecting: data) }

    public func child(named name: String) -> Any? {
        data.value(named: name).map(Self.mustacheValue)
    }

    /// The value swift-mustache gives the same meaning: String, Int, Bool, Array, MustacheParent.
    public static func mustacheValue(_ value: TemplateValue) -> Any {
        switch value {
        case .text(let text): text
        case .number(let number): number
        case .flag(let flag): flag
        case .list(let items): items.map(mustacheValue)
        case .data(let data): OracleData(data)
        case .fragment(let fragment): fragment.text
        }
    }
}
