/// What a template sees: a page's data as typed values, one type per kind of page, that answer a
/// name with a `switch` instead of a dictionary lookup and a cast per tag.
///
/// The semantics are Mustache's as swift-mustache implements them (the reference the engine is
/// tested against): a name is looked up from the innermost context outwards, and the first
/// context that answers non-nil wins; `a.b` looks up `a` that way, then `b` in it only.
public protocol TemplateData: Sendable {
    /// The value called `name` here, or nil when this context has no such name (the lookup then
    /// goes on in the enclosing context).
    func value(named name: String) -> TemplateValue?

    /// The value for a name the template resolved when it was compiled: the same answer as
    /// `value(named: key.name)`, which is what it does unless a type answers from the key's place
    /// in the library's vocabulary without comparing text.
    func value(for key: TemplateKey) -> TemplateValue?

    /// Prints the value for `key` with `printer` when this type prints it itself: the same bytes
    /// as printing `value(for: key)`, and `.absent` exactly when that is nil. A type prints its
    /// hot text fields this way, as they are held: taken out as a value, each was copied (a
    /// retain) and released once printed, for nearly every tag of every page. `.unhandled`,
    /// what a type that does not print says, has the renderer look the value up.
    func print(_ key: TemplateKey, with printer: TemplatePrinter, into output: inout [UInt8]) -> TemplatePrinted
}

extension TemplateData {
    public func value(for key: TemplateKey) -> TemplateValue? { value(named: key.name) }

    public func print(_ key: TemplateKey, with printer: TemplatePrinter, into output: inout [UInt8])
        -> TemplatePrinted
    { .unhandled }
}

/// What `TemplateData.print` did.
public enum TemplatePrinted: Sendable {
    /// The value is printed.
    case printed
    /// There is no such value here: the lookup goes on in the enclosing context.
    case absent
    /// The type does not print this value itself: it is to be looked up.
    case unhandled
}

/// A name as a compiled template looks it up: its text, and its place in the vocabulary the
/// library was compiled with (nil when the vocabulary lacks it), so data whose names are that
/// vocabulary answer with a `switch` over an integer instead of comparing strings.
public struct TemplateKey: Sendable, Equatable {
    public let name: String
    public let index: Int?

    public init(_ name: String, index: Int?) {
        self.name = name
        self.index = index
    }
}

/// One value in a template's data.
///
/// As in swift-mustache: a section (`{{#x}}`) is skipped only for `false`, an empty list or a
/// missing name; an empty text or a zero still opens it. `{{x}}` escapes text, `{{{x}}}` does not.
public enum TemplateValue: Sendable {
    case text(String)
    case number(Int)
    case flag(Bool)
    /// A section over a list renders once per element, the element being the innermost context.
    case list([TemplateValue])
    /// A nested context: `{{#x}}…{{/x}}` renders once inside it, and `{{x.name}}` reads from it.
    case data(any TemplateData)
    /// Text written where it prints instead of held: in every other way the text it writes.
    case fragment(any TemplateFragment)
}

/// Text that writes itself into the page where a template prints it. A page made of pieces
/// rendered elsewhere (its cards, its charts) would otherwise make each one a `String`, check
/// its UTF-8, and copy it in; a fragment is appended once. It must write the same valid UTF-8
/// every time: a template may print it more than once.
public protocol TemplateFragment: Sendable {
    func write(into output: inout [UInt8])

    /// Names the bytes `write` writes when the fragment is written alike in many places
    /// (`TemplateMark`); nil for a fragment made for one place.
    var markKey: TemplateMark.Key? { get }
}

extension TemplateFragment {
    public var markKey: TemplateMark.Key? { nil }

    /// What the fragment writes, as text: for escaping it, and for engines that take text.
    public var text: String {
        var output: [UInt8] = []
        write(into: &output)
        return String(decoding: output, as: UTF8.self)
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .flag(value) }
}

/// Data made of names and values, for tests and for small contexts that are not worth a type.
public struct TemplateDictionary: TemplateData {
    public var values: [String: TemplateValue]
    public init(_ values: [String: TemplateValue]) { self.values = values }
    public func value(named name: String) -> TemplateValue? { values[name] }
}
