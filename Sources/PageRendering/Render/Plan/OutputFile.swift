import CatalogueModel
import Foundation

/// One file of the built site: where it goes below the output folder, and its bytes.
public struct OutputFile: Sendable, Equatable {
    public var path: String
    public var contents: Contents

    public enum Contents: Sendable, Equatable {
        case data(Data)
        /// A file copied from the content folder as it is.
        case copy(URL)
    }

    public init(path: String, data: Data) {
        self.path = path
        self.contents = .data(data)
    }

    public init(path: String, contents: Contents) {
        self.path = path
        self.contents = contents
    }

    public init(path: String, text: String) { self.init(path: path, data: Data(text.utf8)) }

    public init(path: String, copyOf source: URL) {
        self.path = path
        self.contents = .copy(source)
    }
}
