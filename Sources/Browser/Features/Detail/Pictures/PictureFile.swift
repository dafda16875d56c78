public import Images

/// A fetched picture ready to draw: the size its header declares (what the box says and the scale rule reads) and
/// its pixels, already reduced off the main thread to no more than a screen can show.
public struct PictureFile: Hashable, Sendable {
    public let format: ImageFormat
    /// The declared size, in pixels.
    public let width: Int
    public let height: Int
    /// The pixels to draw from (at most `PictureFile.drawingSide` on a side).
    public let pixels: RGBAImage

    /// The longest side kept for drawing: more than the widest terminal's blocks or a picture's few hundred
    /// rows of pixels need, small enough that twenty pictures stay a few megabytes.
    public static let drawingSide = 640

    public init(format: ImageFormat, width: Int, height: Int, pixels: RGBAImage) {
        self.format = format
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The picture of `bytes`: checked against `decoder`'s caps, decoded and reduced; or why it cannot be shown.
    /// Slow (decoding): never on the main thread.
    public static func decode(_ bytes: [UInt8], decoder: ImageDecoder = ImageDecoder()) -> Result<PictureFile, ImageProblem> {
        let header: ImageHeader
        do { header = try decoder.admit(bytes) } catch { return .failure(error) }
        return decoder.decode(bytes).map { image in
            PictureFile(format: header.format, width: header.width, height: header.height, pixels: image.reduced(toFit: drawingSide))
        }
    }

    public static func == (a: PictureFile, b: PictureFile) -> Bool {
        a.format == b.format && a.width == b.width && a.height == b.height && a.pixels == b.pixels
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(format)
        hasher.combine(width)
        hasher.combine(height)
    }
}
