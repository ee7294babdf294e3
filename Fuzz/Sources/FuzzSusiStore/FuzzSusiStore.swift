import ContentLoading
import FuzzInput
import SiteGenTesting

/// libFuzzer feeds SUSI's rating store JSON to its reader.
@main
enum FuzzSusiStore {
    static func main() {
        FuzzInput.drive { data, size in FuzzInput.read(data, size, with: ReaderEntryPoints.susiStoreJSON) }
    }
}
