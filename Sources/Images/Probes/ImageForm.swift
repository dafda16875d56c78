/// The form pictures are drawn in, chosen once at start-up.
public enum ImageForm: Sendable, Equatable, CustomStringConvertible {
    /// The kitty graphics protocol.
    case kitty
    /// Sixel, with the colour registers to use.
    case sixel(registers: Int)
    /// iTerm2's inline images.
    case iterm
    /// Coloured block characters as text.
    case blocks(BlockStyle, ColourDepth)
    /// ASCII shades, no colour.
    case shades
    /// No pictures: boxes and links only.
    case none

    /// What `--print-config` says.
    public var description: String {
        switch self {
        case .kitty: "kitty"
        case let .sixel(registers): "sixel (\(registers) colours)"
        case .iterm: "iterm"
        case let .blocks(style, depth): "blocks (\(style.rawValue), \(depth == .trueColour ? "truecolour" : "256 colours"))"
        case .shades: "shades (ASCII)"
        case .none: "none"
        }
    }

    /// Whether the form draws pixels (which tmux passes on only through passthrough).
    public var drawsPixels: Bool {
        switch self {
        case .kitty, .sixel, .iterm: true
        case .blocks, .shades, .none: false
        }
    }
}
