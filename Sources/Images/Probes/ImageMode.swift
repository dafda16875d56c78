/// `[images] mode`: how pictures are drawn, or "auto" to ask the terminal.
public enum ImageMode: String, Sendable, CaseIterable {
    case auto, kitty, sixel, iterm, blocks, none
}
