public import Browser

extension ScreenPainter {
    /// Draws every following frame with `theme` (forgetting the last frame, so every cell is repainted).
    public func apply(_ theme: Theme) {
        colors.apply(theme)
        invalidate()
    }

    /// The terminal's number of colours (terminfo `colors`), 0 when it has none or they could not start.
    public var colorCount: Int { colors.isEnabled ? colors.colorCount : 0 }
}
