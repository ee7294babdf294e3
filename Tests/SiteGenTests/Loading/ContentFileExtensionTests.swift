import Foundation
import Testing

@testable import ContentLoading

/// A skill file's kind is read off its extension without bridging its path to `NSString`
/// (`ContentFile.pathExtension`): over odd names (dots in folders, leading and trailing dots,
/// no extension, several, Unicode, markup), it is the extension `NSString` gives.
@Suite struct ContentFileExtensionTests {
    static let folders = ["", "a/", "a.b/", ".hidden/", "x/y.z/", "émile.d/", "<script>/", "d.md/\u{301}"]
    static let names = [
        "skill.md", "skill.MD", "skill.json", "a.b.txt", ".md", "..md", "md", "skill.", "skill..", "tar.gz",
        "naïve.Md", "😀.json", "<script>.md", "a b.md", ".", "x.😀",
        // A dot inside another character's cluster: U+0600 takes the one after it, U+0301 joins the one before.
        "x\u{600}.md", "a.\u{301}md", "\u{301}.md",
    ]

    @Test func theExtensionNSStringGives() {
        var checked = 0
        for folder in Self.folders {
            for name in Self.names {
                let relative = folder + name
                let file = ContentFile(
                    url: URL(fileURLWithPath: "/content/skills/" + relative), relativePath: relative,
                    displayPath: relative)
                #expect(String(file.pathExtension) == (relative as NSString).pathExtension, "\(relative)")
                checked += 1
            }
        }
        #expect(checked == Self.folders.count * Self.names.count)
    }
}
