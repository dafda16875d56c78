import Browser
import CNCursesW

/// Maps a cell's style to ncurses attributes and a colour pair; without colours only the attributes remain.
///
/// Pair `n` (1…8) is the `n`-th `CellStyle.Color` after `.default` on the terminal's own background,
/// so a colour never changes what is behind the text.
struct Colors {
    /// Whether the terminal has colours and they were set up.
    private(set) var isEnabled = false

    /// Starts colours when the terminal has them; call once after curses started.
    mutating func start() {
        guard has_colors() else { return }
        guard start_color() != ERR else { return }
        let background: Int16 = use_default_colors() == OK ? -1 : Int16(COLOR_BLACK)
        for color in CellStyle.Color.allCases where color != .default {
            init_pair(Int16(color.rawValue), Self.cursesColor(color), background)
        }
        isEnabled = true
    }

    /// The attributes and pair for `style`.
    func attributes(for style: CellStyle) -> (attributes: attr_t, pair: Int16) {
        var attributes = stackterm_a_normal()
        if style.attributes.contains(.bold) { attributes |= stackterm_a_bold() }
        if style.attributes.contains(.dim) { attributes |= stackterm_a_dim() }
        if style.attributes.contains(.reverse) { attributes |= stackterm_a_reverse() }
        if style.attributes.contains(.underline) { attributes |= stackterm_a_underline() }
        let pair = isEnabled && style.foreground != .default ? Int16(style.foreground.rawValue) : 0
        return (attributes, pair)
    }

    private static func cursesColor(_ color: CellStyle.Color) -> Int16 {
        switch color {
        case .default, .white: Int16(COLOR_WHITE)
        case .black: Int16(COLOR_BLACK)
        case .red: Int16(COLOR_RED)
        case .green: Int16(COLOR_GREEN)
        case .yellow: Int16(COLOR_YELLOW)
        case .blue: Int16(COLOR_BLUE)
        case .magenta: Int16(COLOR_MAGENTA)
        case .cyan: Int16(COLOR_CYAN)
        }
    }
}
