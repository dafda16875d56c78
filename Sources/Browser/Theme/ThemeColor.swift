/// A colour as a theme names it: the terminal's default, one of the 256 palette entries, or an RGB value.
///
/// Named colours are palette entries 0–15 (`red` is 1, `bright_red` 9). `paletteIndex(colorCount:)` maps any
/// colour down to what a terminal with that many colours (its terminfo `colors`) can show.
public enum ThemeColor: Hashable, Sendable {
    case `default`
    case palette(Int)
    case rgb(red: Int, green: Int, blue: Int)

    /// The names of palette entries 0–7; `bright_` plus one of them is entry 8–15.
    public static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// Reads a colour name, `#rrggbb` or `default`; nil when `text` is none of them.
    public init?(name text: String) {
        let name = text.lowercased().replacingOccurrences(of: "-", with: "_")
        if name == "default" {
            self = .default
        } else if let index = Self.names.firstIndex(of: name) {
            self = .palette(index)
        } else if name.hasPrefix("bright_"), let index = Self.names.firstIndex(of: String(name.dropFirst(7))) {
            self = .palette(index + 8)
        } else if name == "grey" || name == "gray" {
            self = .palette(8)
        } else if name.hasPrefix("#"), name.count == 7, let value = Int(name.dropFirst(), radix: 16) {
            self = .rgb(red: value >> 16 & 0xFF, green: value >> 8 & 0xFF, blue: value & 0xFF)
        } else {
            return nil
        }
    }

    /// A palette entry 0–255; nil outside it.
    public init?(index: Int) {
        guard (0...255).contains(index) else { return nil }
        self = .palette(index)
    }

    /// How the config file writes the colour back.
    public var configValue: String {
        switch self {
        case .default: "default"
        case .palette(let index) where index < 8: Self.names[index]
        case .palette(let index) where index < 16: "bright_" + Self.names[index - 8]
        case .palette(let index): String(index)
        case .rgb(let red, let green, let blue):
            "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }

    /// The palette index to use on a terminal with `colorCount` colours, or nil for the terminal's default.
    ///
    /// An entry the terminal has is used as is; anything else (a 256-colour entry on an 8- or 16-colour
    /// terminal, an RGB value below 256 colours) becomes the nearest entry the terminal has, by RGB distance.
    public func paletteIndex(colorCount: Int) -> Int? {
        let available = min(max(colorCount, 0), 256)
        guard available >= 8 else { return nil }
        switch self {
        case .default:
            return nil
        case .palette(let index) where index < available:
            return index
        case .palette(let index):
            return Self.nearest(Self.rgb(ofPaletteIndex: index), among: available)
        case .rgb(let red, let green, let blue):
            return Self.nearest((red, green, blue), among: available)
        }
    }

    /// The xterm palette's RGB value for entry `index`.
    static func rgb(ofPaletteIndex index: Int) -> (Int, Int, Int) {
        switch index {
        case 0..<16:
            // The xterm defaults for the sixteen system colours.
            let table = [
                (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
                (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
                (255, 0, 255), (0, 255, 255), (255, 255, 255),
            ]
            return table[index]
        case 16..<232:
            let levels = [0, 95, 135, 175, 215, 255]
            let cube = index - 16
            return (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
        default:
            let grey = 8 + 10 * (index - 232)
            return (grey, grey, grey)
        }
    }

    /// The entry among the first `count` of the palette nearest `color`.
    static func nearest(_ color: (Int, Int, Int), among count: Int) -> Int {
        var best = 0
        var bestDistance = Int.max
        for index in 0..<count {
            let (r, g, b) = rgb(ofPaletteIndex: index)
            let distance = (r - color.0) * (r - color.0) + (g - color.1) * (g - color.1) + (b - color.2) * (b - color.2)
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }
}
