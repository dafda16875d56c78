public import Browser
import CNCursesW

/// Copies screen buffers to ncurses, repainting only the cells that changed since the last frame.
///
/// Consecutive cells of one style go out in one `mvwaddnwstr` call; the right halves of wide
/// characters are skipped (the terminal draws the character across both columns); no control
/// character is ever written. Main queue only, like every ncurses call.
@MainActor
public final class ScreenPainter {
    private var previous: ScreenBuffer?
    /// Not private: `ScreenPainter+Theme` sets the theme.
    var colors = Colors()
    private var scratch: [wchar_t] = []

    /// Made by `TerminalSession.start()`, once curses runs.
    init() {
        colors.start()
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
        let diff = ScreenDiff(from: previous, to: buffer)
        for run in diff.runs { paint(run, of: buffer) }
        if let cursor = buffer.cursor, cursor.row < buffer.height, cursor.column < buffer.width {
            curs_set(1)
            wmove(stackterm_stdscr(), Int32(cursor.row), Int32(cursor.column))
        } else {
            curs_set(0)
        }
        wnoutrefresh(stackterm_stdscr())
        doupdate()
        previous = buffer
        return diff.cellCount
    }

    /// Writes one run, splitting it where the style changes.
    private func paint(_ run: ScreenDiff.Run, of buffer: ScreenBuffer) {
        var column = run.columns.lowerBound
        while column < run.columns.upperBound {
            let style = buffer[run.row, column].style
            let start = column
            scratch.removeAll(keepingCapacity: true)
            while column < run.columns.upperBound, buffer[run.row, column].style == style {
                let cell = buffer[run.row, column]
                if !cell.isContinuation { Self.append(cell.text, to: &scratch) }
                column += 1
            }
            guard !scratch.isEmpty else { continue }
            let (attributes, pair) = colors.attributes(for: style)
            stackterm_set_attributes(attributes, pair)
            scratch.withUnsafeBufferPointer { text in
                // ERR at the bottom-right cell is expected (the cursor cannot advance past it); the
                // character is written all the same.
                _ = stackterm_put_wide(Int32(run.row), Int32(start), text.baseAddress, Int32(text.count))
            }
        }
        stackterm_set_attributes(stackterm_a_normal(), 0)
    }

    /// Appends a cell's grapheme as wide characters, a control character becoming a space.
    private static func append(_ text: String, to output: inout [wchar_t]) {
        var wrote = false
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { continue }
            output.append(wchar_t(bitPattern: scalar.value))
            wrote = true
        }
        if !wrote { output.append(wchar_t(0x20)) }
    }
}
