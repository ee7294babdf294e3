import FuzzInput
import SiteGenTesting

/// libFuzzer feeds a skill's image to a whole in-memory build, libvips included (no disk cache).
@main
enum FuzzSkillImage {
    static func main() {
        FuzzInput.drive { data, size in FuzzInput.read(data, size, with: ReaderEntryPoints.skillImage) }
    }
}
