import ContentLoading
import FuzzInput
import SiteGenTesting

/// libFuzzer feeds `site.yml` to its reader.
@main
enum FuzzSiteConfig {
    static func main() {
        FuzzInput.drive { data, size in FuzzInput.read(data, size, with: ReaderEntryPoints.siteConfig) }
    }
}
