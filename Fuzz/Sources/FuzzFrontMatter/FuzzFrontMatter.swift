import ContentLoading
import FuzzInput
import SiteGenTesting

/// libFuzzer feeds a Markdown skill with YAML front matter to its reader.
@main
enum FuzzFrontMatter {
    static func main() {
        FuzzInput.drive { data, size in FuzzInput.read(data, size, with: ReaderEntryPoints.markdownSkill) }
    }
}
