import ContentLoading
import FuzzInput

/// libFuzzer feeds `site.yml` to its reader.
@main
enum FuzzSiteConfig {
    static func main() {
        FuzzInput.drive { data, size in FuzzInput.read(data, size, with: ReaderEntryPoints.siteConfig) }
    }
}
