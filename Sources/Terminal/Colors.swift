import Browser
import CNCursesW

/// Maps a cell's style to ncurses attributes and a colour pair through the theme; without colours only attributes remain.
///
/// Colour pairs are made on first use, one per foreground/background combination the theme draws,
/// with colours mapped down to the terminal's terminfo `colors`; what a style resolves to is cached in a
/// table indexed by `CellStyle.index`, so a frame costs one array lookup per style run (a dictionary keyed
/// by the style, hashing it each time, was most of the cost the themes added to a frame).
struct Colors {
    /// Whether the terminal has colours and they were set up.
    private(set) var isEnabled = false
    /// The terminal's number of colours (terminfo `colors`), 0 without colours.
    private(set) var colorCount = 0
    private var pairLimit = 0
    private var theme = Theme.dark
    private var pairs: [PairKey: Int16] = [:]
    private var resolved: [CellStyle: (attributes: attr_t, pair: Int16)] = [:]
    /// What each `CellStyle.index` resolves to: attributes in the high 32 bits, the pair in the low 16, bit 16
    /// set once known (0: not resolved yet).
    private var resolvedByIndex = [UInt64](repeating: 0, count: CellStyle.indexCount)

    private struct PairKey: Hashable {
        var foreground: Int
        var background: Int
    }

    /// Starts colours when the terminal has them; call once after curses started.
    mutating func start() {
        guard has_colors() else { return }
        guard start_color() != ERR else { return }
        colorCount = Int(Self.terminfoNumber("colors"))
        // A direct-colour entry (xterm-direct: 2^24 colours) reads a colour number as RGB, except 0–7, which stay
        // the ANSI colours: palette numbers 8–255 would be near-black there, so only the eight are used.
        if colorCount > 256 { colorCount = 8 }
        pairLimit = min(Int(Self.terminfoNumber("pairs")), Int(Int16.max))
        // Without the default background, pair colours sit on black; with it they sit on the terminal's own.
        defaultBackground = use_default_colors() == OK ? -1 : Int(COLOR_BLACK)
        isEnabled = colorCount >= 8 && pairLimit > 1
    }

    private var defaultBackground = -1

    /// Draws with `theme` from the next frame on.
    mutating func apply(_ theme: Theme) {
        self.theme = theme
        resolved.removeAll()
        for index in resolvedByIndex.indices { resolvedByIndex[index] = 0 }
    }

    /// The attributes and pair for `style`.
    mutating func attributes(for style: CellStyle) -> (attributes: attr_t, pair: Int16) {
        guard let index = style.index else { return resolve(style) }
        let known = resolvedByIndex[index]
        if known != 0 { return (attr_t(truncatingIfNeeded: known >> 32), Int16(truncatingIfNeeded: known & 0xFFFF)) }
        let (attributes, pair) = resolve(style)
        resolvedByIndex[index] = UInt64(attributes) << 32 | 1 << 16 | UInt64(UInt16(bitPattern: pair))
        return (attributes, pair)
    }

    /// Works out the attributes and pair for `style` (a style without an index is remembered by value).
    private mutating func resolve(_ style: CellStyle) -> (attributes: attr_t, pair: Int16) {
        if let known = resolved[style] { return known }
        let look = theme.resolve(style)
        var attributes = stackterm_a_normal()
        if look.attributes.contains(.bold) { attributes |= stackterm_a_bold() }
        if look.attributes.contains(.dim) { attributes |= stackterm_a_dim() }
        if look.attributes.contains(.reverse) { attributes |= stackterm_a_reverse() }
        if look.attributes.contains(.underline) { attributes |= stackterm_a_underline() }
        var pair: Int16 = 0
        if let picture = style.picture {
            // A picture's cells keep their own colours under every theme; without colours they show as their glyphs.
            if isEnabled {
                let foreground = ThemeColor.palette(Int(picture.foreground)).paletteIndex(colorCount: colorCount) ?? -1
                let background = ThemeColor.palette(Int(picture.background)).paletteIndex(colorCount: colorCount) ?? defaultBackground
                pair = self.pair(PairKey(foreground: foreground, background: background))
            }
        } else if isEnabled, theme.usesColor {
            let foreground = look.foreground.paletteIndex(colorCount: colorCount) ?? -1
            let background = look.background.paletteIndex(colorCount: colorCount) ?? defaultBackground
            pair = self.pair(PairKey(foreground: foreground, background: background))
        }
        resolved[style] = (attributes, pair)
        return (attributes, pair)
    }

    /// The pair for `key`, made now if it is new; pair 0 (the default colours) when the terminal has no more.
    private mutating func pair(_ key: PairKey) -> Int16 {
        if key.foreground == -1, key.background == defaultBackground { return 0 }
        if let pair = pairs[key] { return pair }
        let number = pairs.count + 1
        guard number < pairLimit else { return 0 }
        // -1 (the terminal's default) is valid only after use_default_colors; fall back to white on black.
        let foreground = key.foreground == -1 && defaultBackground != -1 ? Int16(COLOR_WHITE) : Int16(key.foreground)
        guard init_pair(Int16(number), foreground, Int16(key.background)) != ERR else { return 0 }
        pairs[key] = Int16(number)
        return Int16(number)
    }

    /// A numeric terminfo capability, 0 when the terminal lacks it.
    private static func terminfoNumber(_ name: String) -> Int32 {
        let value = name.withCString { tigetnum(UnsafeMutablePointer(mutating: $0)) }
        return max(0, value)
    }
}
