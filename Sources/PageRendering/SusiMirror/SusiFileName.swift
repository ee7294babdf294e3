/// How a value of a SUSI query (a group, a skill's tag, a language) is spelt in the name of the
/// file that answers it on a static host. nginx hands the rule `$arg_group` exactly as the client
/// sent it, still percent-encoded (`Food%20and%20Drink`), and looks for a file of that name; so a
/// value's file is named as clients encode it:
/// - as a browser does when SUSI's web client joins the value raw into the URL (susi.ai
///   `src/helpers/ajax.js:45-51`): only controls, space, `"`, `#`, `'`, `<`, `>` and non-ASCII
///   bytes encoded (the URL standard's query percent-encode set), `Games,%20Trivia`;
/// - and, where that differs, with everything but letters, digits and `-._~` encoded, as the
///   Android and iOS apps' HTTP libraries send it (`Games%2C%20Trivia`).
/// A `/` is always encoded (a value never names a subfolder), and so are names that are only
/// dots (never `..`), so no value names a path outside its folder.
enum SusiFileName {
    static func variants(_ value: String) -> [String] {
        let browser = encoded(value) { byte in
            !(byte <= 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x23 || byte == 0x27 || byte == 0x3C
                || byte == 0x3E || byte == 0x2F)
        }
        let strict = encoded(value) { byte in
            switch byte {
            case 0x61...0x7A, 0x41...0x5A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E: true
            default: false
            }
        }
        return browser == strict ? [browser] : [browser, strict]
    }

    /// An image's path below its language folder (`images/x.png`): each segment by `variants`,
    /// the slashes kept; one spelling per combination.
    static func pathVariants(_ path: String) -> [String] {
        var results = [""]
        for (i, segment) in path.split(separator: "/", omittingEmptySubsequences: true).enumerated() {
            let spellings = variants(String(segment))
            results = results.flatMap { prefix in spellings.map { (i == 0 ? "" : prefix + "/") + $0 } }
        }
        return results
    }

    private static func encoded(_ value: String, keeping keeps: (UInt8) -> Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        let onlyDots = value.utf8.allSatisfy { $0 == 0x2E }
        var out: [UInt8] = []
        for byte in value.utf8 {
            if keeps(byte) && !(onlyDots && byte == 0x2E) {
                out.append(byte)
            } else {
                out += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
