/// Text put into a URL's query: every byte but the unreserved ones (RFC 3986) is percent-encoded,
/// so nothing in the text (`&`, `#`, `=`, `+`, spaces, markup) can end the value or the URL.
public enum QueryValue {
    public static func encoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF")
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%\(hex[Int(byte >> 4)])\(hex[Int(byte & 15)])"
            }
        }
        return encoded
    }
}
