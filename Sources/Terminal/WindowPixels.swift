import CNCursesW
#if canImport(Glibc)
import Glibc
#endif
public import Images

/// The terminal window's size in cells and pixels, as the kernel keeps it (TIOCGWINSZ): the pixels are 0 where the
/// terminal does not fill them in.
public struct WindowPixels: Sendable, Equatable {
    public var columns: Int
    public var rows: Int
    public var pixelWidth: Int
    public var pixelHeight: Int

    /// The size of the terminal on `descriptor` (standard output by default), or nil when it is not a terminal.
    public static func read(_ descriptor: Int32 = 1) -> WindowPixels? {
        var rows: Int32 = 0, columns: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        guard stackterm_window_pixels(descriptor, &rows, &columns, &width, &height) == 0 else { return nil }
        return WindowPixels(columns: Int(columns), rows: Int(rows), pixelWidth: Int(width), pixelHeight: Int(height))
    }

    /// The cell size these pixels give, else `answered` (`CSI 16 t`), else the standard one. Inside tmux the pixels
    /// are not the terminal's (tmux makes up 16×32 cells when its client's terminal does not say): only the answer,
    /// which passthrough brought from the outer terminal, counts.
    public func cellSize(answered: PixelSize?, insideTmux: Bool) -> FoundCellSize {
        FoundCellSize.find(
            columns: columns, rows: rows, pixelWidth: insideTmux ? 0 : pixelWidth, pixelHeight: insideTmux ? 0 : pixelHeight,
            answered: answered)
    }

    /// After a resize: the cell size these pixels give, else `found` (inside tmux, always `found`).
    public func cellSize(resizing found: FoundCellSize, insideTmux: Bool) -> FoundCellSize {
        insideTmux ? found : found.resized(columns: columns, rows: rows, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    }
}
