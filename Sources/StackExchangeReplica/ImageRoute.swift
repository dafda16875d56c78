import Foundation

/// The pictures the replica serves under `/img/`, as the sites' image host (`i.sstatic.net`) serves a post's
/// pictures: one of each format, and the hostile ones a browser must survive.
enum ImageRoute: String, CaseIterable, Sendable {
    /// A PNG plot with transparency.
    case png = "plot.png"
    /// A JPEG photograph-like gradient.
    case jpeg = "photo.jpg"
    /// A GIF of two frames (only the first is shown).
    case gif = "anim.gif"
    /// A lossless WebP diagram.
    case webp = "diagram.webp"
    /// A PNG whose address says JPEG: the format is told from the bytes.
    case misnamed = "misnamed.jpg"
    /// A PNG cut off in the middle of its image data.
    case broken = "broken.png"
    /// A 300-byte PNG whose header declares 100,000 × 100,000 pixels.
    case bomb = "bomb.png"
    /// A 640×480 screenshot-like PNG: at the default `max_rows` it takes all 20 rows.
    case screenshot = "screenshot.png"
    /// The plot, its body dribbled out over `SlowPicturePace.seconds` (a load a person can leave before it ends).
    case slow = "slow.png"

    /// The route of `path` (`/img/plot.png`), or nil when it is not a picture's path.
    static func parse(path: String) -> ImageRoute? {
        guard path.hasPrefix("/img/") else { return nil }
        return ImageRoute(rawValue: String(path.dropFirst("/img/".count)))
    }

    /// Whether `path` is under `/img/` at all (an unknown picture is a 404, not an API error).
    static func isImagePath(_ path: String) -> Bool { path.hasPrefix("/img/") }

    /// Whether the answer to `path` is dribbled out at `SlowPicturePace`: the slow picture.
    static func dribbles(path: String) -> Bool { parse(path: path) == .slow }

    /// The answer to a request for `path`: the picture, a 404, or a 400 for a request that carries credentials
    /// (an image host is sent no key or token; the replica refuses one so that a test sees the leak).
    static func response(path: String, query: [String: String], httpMethod: String) -> APIResponse {
        guard httpMethod == "GET" || httpMethod == "HEAD" else { return plain(405, "method not allowed") }
        guard query["key"] == nil, query["access_token"] == nil else { return plain(400, "an image request carries no key or token") }
        guard let route = parse(path: path) else { return plain(404, "no such image") }
        let (body, type) = route.file
        return APIResponse(status: 200, body: Data(body), contentType: type, isRaw: true)
    }

    /// The bytes and Content-Type.
    var file: ([UInt8], String) {
        let pictures = ReplicaPictures.shared
        switch self {
        case .png, .slow: return (pictures.png, "image/png")
        case .jpeg: return (pictures.jpeg, "image/jpeg")
        case .gif: return (pictures.gif, "image/gif")
        case .webp: return (pictures.webp, "image/webp")
        case .misnamed: return (pictures.png, "image/jpeg")
        case .broken: return (pictures.broken, "image/png")
        case .bomb: return (pictures.bomb, "image/png")
        case .screenshot: return (ReplicaPictures.screenshotPNG, "image/png")
        }
    }

    private static func plain(_ status: Int, _ text: String) -> APIResponse {
        APIResponse(status: status, body: Data((text + "\n").utf8), contentType: "text/plain; charset=utf-8", isRaw: true)
    }
}
