import Foundation

// The EmbeddedTheme plugin's tool: writes `DefaultTheme.files`, the text of every file below the
// Templates folder keyed by its path there, as Swift source.
// usage: ThemeEmbedder OUTPUT TEMPLATES-FOLDER [FILE...]   (FILE: the inputs the plugin declared)

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { fail("usage: ThemeEmbedder OUTPUT TEMPLATES-FOLDER [FILE...]") }
let output = URL(fileURLWithPath: arguments[0])
let folder = URL(fileURLWithPath: arguments[1]).standardizedFileURL
let declared = Set(arguments.dropFirst(2).map { URL(fileURLWithPath: $0).standardizedFileURL.path })

/// Every file below `folder` but hidden ones and those in hidden folders, read here rather than taken
/// from the plugin's list: a file added since SwiftPM planned the build is built in all the same.
func themeFiles() -> [(key: String, url: URL)] {
    guard
        let walk = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else { fail("\(folder.path): error: cannot read the theme folder") }
    var files: [(key: String, url: URL)] = []
    for case let url as URL in walk where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
    {
        let path = url.standardizedFileURL.path
        files.append((String(path.dropFirst(folder.path.count + 1)), url.standardizedFileURL))
    }
    return files.sorted { $0.key < $1.key }
}

/// `text` as a Swift string literal that holds it exactly: escapes, not a multi-line literal, which
/// would turn a CRLF into LF and needs a delimiter the text does not contain.
func literal(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            out += "\\u{" + String(scalar.value, radix: 16) + "}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

var entries = ""
for (key, url) in themeFiles() {
    guard let data = FileManager.default.contents(atPath: url.path) else {
        fail("\(url.path): error: cannot read this theme file")
    }
    guard let text = String(data: data, encoding: .utf8) else {
        fail("\(url.path): error: not UTF-8 text; the built-in theme holds text files only")
    }
    if !declared.contains(url.path) {
        print(
            "\(url.path): warning: added since SwiftPM planned this build: built in now, but later edits to it "
                + "rebuild only once SwiftPM plans again (touch Package.swift)")
    }
    entries += "        \(literal(key)): \(literal(text)),\n"
}

let source = """
    // Generated during the build by the EmbeddedTheme plugin from Templates/: edit Templates/, not this.
    // swift-format-ignore-file

    /// The default theme, built in so `sitegen build` works from any folder.
    enum DefaultTheme {
        static let files: [String: String] = [
    \(entries.isEmpty ? "        :\n" : entries)    ]
    }

    """

// Written only when it changes, so an unchanged theme does not compile the target again.
if FileManager.default.contents(atPath: output.path) != Data(source.utf8) {
    do {
        try Data(source.utf8).write(to: output, options: .atomic)
    } catch {
        fail("\(output.path): error: \(error.localizedDescription)")
    }
}
