import ContentLoading
import FuzzInput
import SiteGenTesting

/// libFuzzer feeds a `.json` rating file (counts, or SUSI's store by shape) to its reader.
@main
enum FuzzCountsJSON {
    static func main() {
        FuzzInput.drive { data, size in FuzzInput.read(data, size, with: ReaderEntryPoints.ratingJSON) }
    }
}
