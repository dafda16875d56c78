/// Why a picture is shown as its box only: every way a body can fail to become pixels, as a value.
public enum ImageProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The body is larger than the limit.
    case bodyTooLarge(bytes: Int, limit: Int)
    /// The bytes are none of PNG, JPEG, GIF or WebP.
    case unknownFormat
    /// The header is cut short or says something impossible.
    case brokenHeader(ImageFormat, String)
    /// The header declares more pixels than the limit (a decompression bomb, or just too large): refused before decoding.
    case tooManyPixels(ImageFormat, width: Int, height: Int, limit: Int)
    /// The decoder gave up on the data (or its library could not be loaded), with its reason.
    case undecodable(ImageFormat, String)

    /// One line for the picture's box.
    public var description: String {
        switch self {
        case let .bodyTooLarge(bytes, limit): "too large: \(bytes) bytes (at most \(limit))"
        case .unknownFormat: "not a PNG, JPEG, GIF or WebP image"
        case let .brokenHeader(format, why): "broken \(format) header: \(why)"
        case let .tooManyPixels(format, width, height, limit):
            "\(format) declares \(width)×\(height) pixels (at most \(limit / 1_000_000) megapixels)"
        case let .undecodable(_, why): why
        }
    }
}
