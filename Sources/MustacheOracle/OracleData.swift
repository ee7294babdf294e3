import Mustache
import MustacheCompiler

/// Typed template data as swift-mustache sees it: the bridge that lets swift-mustache render the
/// same values as our compiled engine, so that the two can be compared byte for byte.
public struct OracleData: MustacheParent, @unchecked Sendable {
    public let data: any TemplateData
    public init(_ data: any TemplateData) { self.data = data }

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
        }
    }
}
