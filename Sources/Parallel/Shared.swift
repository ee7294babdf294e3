/// A value behind one reference, for closures made by the thousand: each captures a pointer, not
/// a copy of the value.
package final class Shared<Value: Sendable>: Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
