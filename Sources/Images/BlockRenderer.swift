/// A picture as coloured block characters: each cell's sub-pixels split into two colours, the glyph drawing the
/// split, as chafa and timg do. Text cells survive tmux, screen, ssh and `capture-pane`, where pixels do not.
public struct BlockRenderer: Sendable {
    public var style: BlockStyle
    public var depth: ColourDepth
    /// What a transparent pixel shows (the terminal's background as well as it is known).
    public var background: RGB

    public init(style: BlockStyle, depth: ColourDepth, background: RGB = .black) {
        self.style = style
        self.depth = depth
        self.background = background
    }

    /// `image` in `fit.columns × fit.rows` cells.
    public func render(_ image: RGBAImage, fit: ImageFit) -> ImageCells {
        let across = style.across, down = style.down
        let grid = ImageResampler.resample(image, width: fit.columns * across, height: fit.rows * down)
        var rows: [[ImageCell]] = []
        for row in 0..<fit.rows {
            var cells: [ImageCell] = []
            for column in 0..<fit.columns {
                var samples: [RGB] = []
                for dy in 0..<down {
                    for dx in 0..<across { samples.append(grid[column * across + dx, row * down + dy].over(background)) }
                }
                cells.append(cell(samples))
            }
            rows.append(cells)
        }
        return ImageCells(rows: rows)
    }

    /// The cell for one cell's sub-pixels: those brighter than the split along the widest channel are the glyph.
    private func cell(_ samples: [RGB]) -> ImageCell {
        let channels: [(RGB) -> Int] = [{ Int($0.red) }, { Int($0.green) }, { Int($0.blue) }]
        let widest = channels.max { a, b in spread(samples, a) < spread(samples, b) }!
        let values = samples.map(widest)
        let middle = (values.min()! + values.max()!) / 2
        var mask = 0
        for (i, value) in values.enumerated() where value > middle { mask |= 1 << i }
        let full = (1 << samples.count) - 1
        if mask == 0 || mask == full {
            let colour = depth.colour(average(samples))
            return ImageCell(character: " ", foreground: colour, background: colour)
        }
        let set = samples.indices.filter { mask & (1 << $0) != 0 }.map { samples[$0] }
        let unset = samples.indices.filter { mask & (1 << $0) == 0 }.map { samples[$0] }
        return ImageCell(character: style.character(mask), foreground: depth.colour(average(set)), background: depth.colour(average(unset)))
    }

    private func spread(_ samples: [RGB], _ channel: (RGB) -> Int) -> Int {
        let values = samples.map(channel)
        return values.max()! - values.min()!
    }

    private func average(_ samples: [RGB]) -> RGB {
        let n = samples.count
        return RGB(
            red: UInt8(samples.reduce(0) { $0 + Int($1.red) } / n), green: UInt8(samples.reduce(0) { $0 + Int($1.green) } / n),
            blue: UInt8(samples.reduce(0) { $0 + Int($1.blue) } / n))
    }
}
