import Foundation
import Testing

@testable import PageRendering

/// Theme assets under a name with their content hash, so a host may cache them for good.
@Suite struct AssetFingerprintTests {
    /// SHA-256 of "abc" starts ba7816bf (FIPS 180-2, appendix B.1).
    @Test(arguments: [
        ("assets/style.css", "assets/style.ba7816bf.css"),
        ("assets/fonts/inter.var.woff2", "assets/fonts/inter.var.ba7816bf.woff2"),
        ("assets/LICENSE", "assets/LICENSE.ba7816bf"),
        ("assets/.hidden", "assets/.hidden.ba7816bf"),
        ("assets/v1.2/logo", "assets/v1.2/logo.ba7816bf"),
    ])
    func theNameHoldsTheFirstEightHexDigitsOfTheSHA256(path: String, hashed: String) {
        #expect(AssetFingerprint.path(path, of: Data("abc".utf8)) == hashed)
    }

    @Test func pagesLinkTheHashedStylesheetWhichHoldsTheSameBytesAsThePlainOne() throws {
        let site = TestSite()
        site.skill("g/x", name: "X", group: "G")
        try site.build()
        let css = try site.data("assets/style.css")
        let hashed = AssetFingerprint.path("assets/style.css", of: css)
        #expect(hashed.wholeMatch(of: /assets\/style\.[0-9a-f]{8}\.css/) != nil, "\(hashed)")
        #expect(try site.data(hashed) == css)
        for (page, root) in ["index.html": "", "skills/g/x/index.html": "../../../", "404.html": "/"] {
            #expect(try site.read(page).contains("<link rel=\"stylesheet\" href=\"\(root)\(hashed)\">"), "\(page)")
        }
    }

    @Test func aChangedAssetGetsANewNameAndTheSameBytesTheSameName() throws {
        let site = TestSite()
        site.skill("g/x", name: "X", group: "G")
        site.template("assets/style.css", "body { color: red }\n")
        site.template("assets/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        try site.build(templates: site.templates)
        let red = AssetFingerprint.path("assets/style.css", of: Data("body { color: red }\n".utf8))
        #expect(try site.read("index.html").contains("href=\"\(red)\""))
        let logo = AssetFingerprint.path(
            "assets/logo.svg", of: Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8))
        #expect(site.exists(logo) && site.exists("assets/logo.svg"), "every asset under both names")
        let first = site.built

        try site.build(templates: site.templates)
        #expect(site.built == first, "the same theme, the same names and bytes")

        site.template("assets/style.css", "body { color: blue }\n")
        try site.build(templates: site.templates)
        let blue = AssetFingerprint.path("assets/style.css", of: Data("body { color: blue }\n".utf8))
        #expect(blue != red)
        #expect(try site.read("index.html").contains("href=\"\(blue)\""))
        #expect(!site.exists(red), "the old name is not written again")
    }
}
