public import Browser
import CNCursesW
#if canImport(Glibc)
import Glibc
#endif

/// Copies screen buffers to ncurses, repainting only the cells that changed since the last frame.
///
/// A run of printable ASCII cells in one style goes out in one call (`stackterm_put_ascii`). Every other cluster
/// is written on its own at the column the buffer gives it, and only when ncurses counts it as wide as
/// the buffer does (`wcwidth` of each code point, as ncurses counts); a cluster they disagree on is drawn
/// as U+FFFD padded to its width. So whatever the terminal's tables, the cell after a non-ASCII
/// cluster lands in the buffer's column (clusters are already normalised: see `TerminalGrapheme`).
/// The right halves of wide characters are skipped; no control character is ever written.
/// Main queue only, like every ncurses call.
@MainActor
public final class ScreenPainter {
    private var previous: ScreenBuffer?
    /// Not private: `ScreenPainter+Theme` sets the theme.
    var colors = Colors()
    private var wide: [wchar_t] = []
    private var narrow: [CChar] = []
    /// Each row's hash in the last frame and in this one (`ScreenDiff.rowHashes`): a row whose hash did not
    /// change is skipped whole.
    private var previousRowHashes: [UInt64] = []
    private var rowHashes: [UInt64] = []

    /// Made by `TerminalSession.start()`, once curses runs.
    init() {
        colors.start()
        wide.reserveCapacity(16)
        narrow.reserveCapacity(512)
    }

    /// Forgets the last frame, so the next paint clears the screen and draws every cell (after a resize).
    public func invalidate() {
        previous = nil
    }

    /// Draws `buffer` and brings the terminal up to date; returns how many cells were repainted.
    @discardableResult
    public func paint(_ buffer: ScreenBuffer) -> Int {
        if previous == nil || previous?.width != buffer.width || previous?.height != buffer.height {
            werase(stackterm_stdscr())
            previous = nil
        }
        var repainted = 0
        ScreenDiff.rowHashes(of: buffer, into: &rowHashes)
        let hashes = (old: previousRowHashes, new: rowHashes)
        let comparable = previous != nil && hashes.old.count == hashes.new.count
        ScreenDiff.forEachRun(from: previous, to: buffer, isUnchanged: { comparable && hashes.old[$0] == hashes.new[$0] }) { run in
            paint(run, of: buffer)
            repainted += run.columns.count
        }
        swap(&rowHashes, &previousRowHashes)
        stackterm_set_attributes(stackterm_a_normal(), 0)
        if let cursor = buffer.cursor, cursor.row < buffer.height, cursor.column < buffer.width {
            curs_set(1)
            wmove(stackterm_stdscr(), Int32(cursor.row), Int32(cursor.column))
        } else {
            curs_set(0)
        }
        wnoutrefresh(stackterm_stdscr())
        doupdate()
        previous = buffer
        return repainted
    }

    /// Writes one run: ASCII stretches of one style in one call each, every other cluster at its own column.
    private func paint(_ run: ScreenDiff.Run, of buffer: ScreenBuffer) {
        // The byte buffer is the painter's, taken out for the run: a local array's appends are not checked for
        // exclusive access one by one, as a class's property's are.
        var narrow = self.narrow
        self.narrow = []
        defer { self.narrow = narrow }
        let row = run.row
        let end = run.columns.upperBound
        var column = run.columns.lowerBound
        var style: CellStyle?
        while column < end {
            let cell = buffer[row, column]
            if cell.isContinuation { column += 1; continue }
            if cell.style != style {
                style = cell.style
                let (attributes, pair) = colors.attributes(for: cell.style)
                stackterm_set_attributes(attributes, pair)
            }
            if cell.asciiByte != nil {
                let start = column
                narrow.removeAll(keepingCapacity: true)
                while column < end, case let next = buffer[row, column], next.style == cell.style, let byte = next.asciiByte {
                    narrow.append(CChar(bitPattern: byte))
                    column += 1
                }
                // The array passed as a pointer: a closure here would check, each run, that it runs on the main actor.
                _ = stackterm_put_ascii(Int32(row), Int32(start), narrow, Int32(narrow.count))
            } else {
                let width = column + 1 < buffer.width && buffer[row, column + 1].isContinuation ? 2 : 1
                putCluster(cell, row: row, column: column, width: width)
                column += 1
            }
        }
    }

    /// Writes one non-ASCII cluster at (`row`, `column`) so that it takes exactly `width` columns in ncurses.
    private func putCluster(_ cell: Cell, row: Int, column: Int, width: Int) {
        wide.removeAll(keepingCapacity: true)
        var counted = 0
        for scalar in cell.glyph {
            if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { continue }
            let w = stackterm_wcwidth(Int32(bitPattern: scalar.value))
            if w < 0 { counted = -1; break }
            counted += Int(w)
            wide.append(wchar_t(bitPattern: scalar.value))
        }
        if counted != width || wide.isEmpty {
            // ncurses would give it another width than the buffer did: a stand-in of the buffer's width.
            wide.removeAll(keepingCapacity: true)
            wide.append(stackterm_wcwidth(0xFFFD) == 1 ? 0xFFFD : 0x3F)
            if width == 2 { wide.append(0x20) }
        }
        wide.withUnsafeBufferPointer { text in
            _ = stackterm_put_wide(Int32(row), Int32(column), text.baseAddress, Int32(text.count))
        }
    }
}
