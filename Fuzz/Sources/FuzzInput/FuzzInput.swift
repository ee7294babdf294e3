import CLibFuzzer
import CatalogueModel
import Foundation

/// What every fuzz target does: run libFuzzer with the command line, handing each input's bytes
/// to one reader. A reader must answer any input with diagnostics; a trap, an overflow or a
/// sanitizer report is the bug.
public enum FuzzInput {
    public typealias Callback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    public static func drive(_ callback: Callback) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, callback))
    }

    public static func read(_ data: UnsafePointer<UInt8>?, _ size: Int, with reader: ([UInt8]) -> [Diagnostic]) -> CInt
    {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        for diagnostic in reader(bytes) where diagnostic.path.isEmpty || diagnostic.message.isEmpty {
            // A diagnostic that names nothing is as useless to the user as a crash.
            preconditionFailure("diagnostic without a file or message: \(diagnostic)")
        }
        return 0
    }
}
