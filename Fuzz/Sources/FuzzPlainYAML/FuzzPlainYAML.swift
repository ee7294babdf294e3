import ContentLoading
import FuzzInput
import SiteGenTesting

/// libFuzzer feeds front matter to the plain YAML reader and to Yams: whatever the plain reader
/// accepts, it must read as Yams does.
@main
enum FuzzPlainYAML {
    static func main() {
        FuzzInput.drive { data, size in
            let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
            if let difference = ReaderEntryPoints.plainYAMLDifference(bytes) { preconditionFailure(difference) }
            return 0
        }
    }
}
