import Foundation

/// The file sitegen leaves in every folder it writes (the output, and its staging folders from the
/// first moment). sitegen replaces a marked folder without asking and refuses to replace anything
/// else unless told to (`--force`): Zola users lost whole projects to an `--output` that named a
/// folder of theirs (getzola/zola#1378, #2251).
enum OutputMark {
    static let fileName = ".sitegen"
    /// Fixed text, so builds stay byte-identical wherever they run.
    package static let contents = Data(
        "This folder is written by sitegen and replaced on every build: edit the content, not these files.\n".utf8)

    /// Whether `folder` holds the mark (a regular file, not a link to one).
    static func isMarked(_ folder: String) -> Bool {
        var status = stat()
        return lstat(folder + "/" + fileName, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Output of sitegen versions from before the mark: an `index.html` beside the `skills/`,
    /// `api/` and `assets/` folders that every build writes. Without this an upgrade would refuse
    /// every existing site once.
    static func isEarlierOutput(_ folder: String) -> Bool {
        func exists(_ name: String, directory: Bool) -> Bool {
            var status = stat()
            guard lstat(folder + "/" + name, &status) == 0 else { return false }
            return (status.st_mode & S_IFMT) == (directory ? S_IFDIR : S_IFREG)
        }
        return exists("index.html", directory: false) && exists("skills", directory: true)
            && exists("api", directory: true) && exists("assets", directory: true)
    }

    /// The names of the entries in `folder` (hidden ones too), sorted; nil when it cannot be listed.
    package static func entries(of folder: String) -> [String]? {
        (try? FileManager.default.contentsOfDirectory(atPath: folder))?.sorted()
    }
}
