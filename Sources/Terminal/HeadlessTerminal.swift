import CNCursesW
#if canImport(Glibc)
import Glibc
#endif

/// ncurses started on /dev/null at a fixed size: the real painter with no terminal, for the paint benchmark.
///
/// Everything the painter does (the diff, the ncurses calls, `doupdate` turning the virtual screen
/// into escape sequences) runs as in a terminal; only the bytes go nowhere. Main queue only.
@MainActor
public enum HeadlessTerminal {
    /// Starts curses for `term` at `width`×`height` on /dev/null; nil when ncurses refuses.
    public static func start(width: Int, height: Int, term: String = "xterm-256color") -> ScreenPainter? {
        setlocale(LC_ALL, "C.UTF-8")
        guard stackterm_newterm_null(term) != nil else { return nil }
        resizeterm(Int32(height), Int32(width))
        return ScreenPainter()
    }

    /// The ASCII character ncurses holds at (`row`, `column`): where a painted cell really landed.
    public static func asciiCharacter(row: Int, column: Int) -> Character {
        let value = stackterm_char_at(Int32(row), Int32(column))
        guard value > 0, value < 0x80, let scalar = Unicode.Scalar(UInt32(value)) else { return "\u{FFFD}" }
        return Character(scalar)
    }

    /// The attributes ncurses holds at (`row`, `column`) (bold, dim, reverse, underline; colours apart) and its
    /// colour pair: how a painted cell will look.
    public static func style(row: Int, column: Int) -> (bold: Bool, dim: Bool, reverse: Bool, underline: Bool, pair: Int)? {
        var attributes: attr_t = 0
        var pair: Int32 = 0
        guard stackterm_style_at(Int32(row), Int32(column), &attributes, &pair) != ERR else { return nil }
        return (attributes & stackterm_a_bold() != 0, attributes & stackterm_a_dim() != 0,
                attributes & stackterm_a_reverse() != 0, attributes & stackterm_a_underline() != 0, Int(pair))
    }

    /// Resizes the headless screen (between benchmark sizes); the painter then repaints everything.
    public static func resize(width: Int, height: Int, painter: ScreenPainter) {
        resizeterm(Int32(height), Int32(width))
        painter.invalidate()
    }
}
