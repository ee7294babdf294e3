import ContentLoading
import FuzzInput
import SiteGenTesting

/// libFuzzer feeds a `.jsonl` vote log to its reader.
@main
enum FuzzVoteLines {
    static func main() {
        FuzzInput.drive { data, size in FuzzInput.read(data, size, with: ReaderEntryPoints.voteLines) }
    }
}
