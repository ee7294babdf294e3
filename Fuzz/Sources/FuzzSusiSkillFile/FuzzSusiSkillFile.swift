import ContentLoading
import FuzzInput
import SiteGenTesting

/// libFuzzer feeds a SUSI `.txt` skill file to its reader.
@main
enum FuzzSusiSkillFile {
    static func main() {
        FuzzInput.drive { data, size in FuzzInput.read(data, size, with: ReaderEntryPoints.susiSkillFile) }
    }
}
