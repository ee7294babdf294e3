/// What the mirror answers one request of SUSI's read API with: a JSON object (SUSI's
/// `{"accepted": false, "message": …}` for refusals too, so a client's reducers always get an
/// object), or an image from the content folder.
public struct SusiAnswer: Sendable {
    public enum Body: Sendable {
        case json([UInt8])
        /// A skill image, by its path in the content folder (`images/x.png`), and its media type.
        case image(contentPath: String, mediaType: String)
    }

    /// The HTTP status: 200, or 400/404/422 for a refusal.
    public let status: Int
    public let body: Body

    init(status: Int = 200, _ value: JSONOutput) {
        self.status = status
        var bytes = value.bytes
        bytes.append(0x0A)
        body = .json(bytes)
    }

    init(image contentPath: String) {
        status = 200
        body = .image(contentPath: contentPath, mediaType: Self.mediaType(ofImage: contentPath))
    }

    /// SUSI's refusal: `{"accepted": false, "message": …}`.
    package static func refusal(_ status: Int, _ message: String) -> SusiAnswer {
        SusiAnswer(status: status, .object([("accepted", .bool(false)), ("message", .string(message))]))
    }

    /// The JSON text, for tests and the static files.
    public var json: [UInt8]? {
        if case .json(let bytes) = body { return bytes }
        return nil
    }

    /// By extension: skill images are only ever of `ImagePath.allowedExtensions`.
    static func mediaType(ofImage path: String) -> String {
        switch path.split(separator: ".").last.map({ $0.lowercased() }) ?? "" {
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "avif": "image/avif"
        default: "application/octet-stream"
        }
    }
}
