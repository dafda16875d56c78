/// The scale rule: how large a picture is drawn, in terminal cells and in pixels.
///
/// It fits the text width and at most `maxRows` rows, is never enlarged past its own size, and keeps its aspect
/// given the pixel size of one cell.
public struct ImageFit: Sendable, Equatable {
    /// Cells across and down.
    public let columns: Int
    public let rows: Int
    /// The picture's pixels once scaled (what a pixel protocol sends).
    public let pixelWidth: Int
    public let pixelHeight: Int

    public init(columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int) {
        self.columns = columns
        self.rows = rows
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// The fit of a `width × height` picture into `columns` cells across and `maxRows` down, for cells of `cell` pixels.
    public static func fitting(width: Int, height: Int, columns: Int, maxRows: Int, cell: CellSize = .standard) -> ImageFit {
        guard width > 0, height > 0, columns > 0, maxRows > 0 else { return ImageFit(columns: 0, rows: 0, pixelWidth: 0, pixelHeight: 0) }
        let scale = min(1.0, Double(columns * cell.width) / Double(width), Double(maxRows * cell.height) / Double(height))
        let pixelWidth = max(1, Int((Double(width) * scale).rounded()))
        let pixelHeight = max(1, Int((Double(height) * scale).rounded()))
        let across = min(columns, (pixelWidth + cell.width - 1) / cell.width)
        let down = min(maxRows, (pixelHeight + cell.height - 1) / cell.height)
        return ImageFit(columns: across, rows: down, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    }
}

/// One terminal cell's size in pixels.
public struct CellSize: Sendable, Equatable {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    /// What is assumed when the terminal does not say (TIOCGWINSZ's pixel fields are zero).
    public static let standard = CellSize(width: 8, height: 16)

    /// The cell size from a window's size in cells and pixels, or `standard` when the pixels are unknown.
    public static func from(columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int) -> CellSize {
        guard columns > 0, rows > 0, pixelWidth >= columns, pixelHeight >= rows else { return .standard }
        return CellSize(width: pixelWidth / columns, height: pixelHeight / rows)
    }
}
