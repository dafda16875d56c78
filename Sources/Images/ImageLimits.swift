/// The most stackterm takes of one picture: its body as fetched, and the pixels its header declares.
public struct ImageLimits: Sendable, Equatable {
    /// Bytes of body at most.
    public var maxBodyBytes: Int
    /// Declared width × height at most.
    public var maxPixels: Int

    /// 10 MB of body and 40 megapixels: more than any screenshot or plot in a post, less than a bomb.
    public static let standard = ImageLimits(maxBodyBytes: 10_000_000, maxPixels: 40_000_000)

    public init(maxBodyBytes: Int, maxPixels: Int) {
        self.maxBodyBytes = maxBodyBytes
        self.maxPixels = maxPixels
    }
}
