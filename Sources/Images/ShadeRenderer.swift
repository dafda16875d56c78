/// A picture as plain ASCII shades, one character per cell by its brightness: for `NO_COLOR` and 8-colour terminals.
public struct ShadeRenderer: Sendable {
    /// From dark to bright, as drawn on a dark background.
    static let ramp: [Character] = [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"]
    public var background: RGB

    public init(background: RGB = .black) {
        self.background = background
    }

    /// `image` in `fit.columns × fit.rows` cells of shades, without colour.
    public func render(_ image: RGBAImage, fit: ImageFit) -> ImageCells {
        let grid = ImageResampler.resample(image, width: fit.columns, height: fit.rows)
        let rows = (0..<fit.rows).map { y in
            (0..<fit.columns).map { x in
                let luma = grid[x, y].over(background).luma
                return ImageCell(character: Self.ramp[min(Self.ramp.count - 1, luma * Self.ramp.count / 256)])
            }
        }
        return ImageCells(rows: rows)
    }
}
