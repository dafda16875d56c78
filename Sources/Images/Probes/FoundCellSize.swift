/// One terminal cell's size in pixels, and where it was found: the pixel forms scale a picture to the text width
/// and `[images] max_rows` with it.
///
/// The window's own pixel size (TIOCGWINSZ) comes first where the terminal fills it in; else the terminal's answer
/// to `CSI 16 t` (asked with the start-up probe); else `CellSize.standard` (8×16), as a last resort.
public struct FoundCellSize: Sendable, Equatable, CustomStringConvertible {
    /// Where the size came from.
    public enum Source: Sendable, Equatable {
        /// TIOCGWINSZ's `ws_xpixel`/`ws_ypixel` divided by the window's columns and rows.
        case window
        /// The terminal's answer to `CSI 16 t`.
        case terminalAnswer
        /// Nothing said it: `CellSize.standard`.
        case assumed
    }

    public let cell: CellSize
    public let source: Source

    public init(cell: CellSize, source: Source) {
        self.cell = cell
        self.source = source
    }

    /// The size for a window of `columns` × `rows` cells and `pixelWidth` × `pixelHeight` pixels (zeros where the
    /// terminal does not fill them in), or else what the terminal answered to `CSI 16 t`.
    public static func find(columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int, answered: PixelSize?) -> FoundCellSize {
        if columns > 0, rows > 0, pixelWidth >= columns, pixelHeight >= rows {
            return FoundCellSize(cell: CellSize(width: pixelWidth / columns, height: pixelHeight / rows), source: .window)
        }
        if let answered, answered.width > 0, answered.height > 0 {
            return FoundCellSize(cell: CellSize(width: answered.width, height: answered.height), source: .terminalAnswer)
        }
        return FoundCellSize(cell: .standard, source: .assumed)
    }

    /// After a resize: the window's new pixel size when it has one, else the size found before (a terminal answers
    /// `CSI 16 t` for its font, which a resize does not change).
    public func resized(columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int) -> FoundCellSize {
        let window = Self.find(columns: columns, rows: rows, pixelWidth: pixelWidth, pixelHeight: pixelHeight, answered: nil)
        return window.source == .window ? window : self
    }

    /// `10×20 pixels (the terminal's answer to CSI 16 t)`: for `--print-config`.
    public var description: String {
        let from = switch source {
        case .window: "the window's pixel size"
        case .terminalAnswer: "the terminal's answer to CSI 16 t"
        case .assumed: "assumed: the terminal did not say"
        }
        return "\(cell.width)×\(cell.height) pixels (\(from))"
    }
}
