import CNCursesW

/// The ncurses key codes stackterm understands, mirrored from `curses.h` so callers need not import it.
public enum KeyCode {
    public static let up = Int32(KEY_UP)
    public static let down = Int32(KEY_DOWN)
    public static let left = Int32(KEY_LEFT)
    public static let right = Int32(KEY_RIGHT)
    public static let home = Int32(KEY_HOME)
    public static let end = Int32(KEY_END)
    public static let pageUp = Int32(KEY_PPAGE)
    public static let pageDown = Int32(KEY_NPAGE)
    public static let enter = Int32(KEY_ENTER)
    public static let backspace = Int32(KEY_BACKSPACE)
    public static let delete = Int32(KEY_DC)
    public static let backTab = Int32(KEY_BTAB)
    public static let resize = Int32(KEY_RESIZE)
    /// F0; F`n` is `functionBase + n` (curses' `KEY_F(n)`).
    public static let functionBase = Int32(KEY_F0)
}
