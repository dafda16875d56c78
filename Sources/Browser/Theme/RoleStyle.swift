/// How a theme draws one role: colours and attributes, each left to the cell's own when nil.
public struct RoleStyle: Hashable, Sendable {
    public var foreground: ThemeColor?
    public var background: ThemeColor?
    /// The attributes, replacing the cell's; nil keeps the cell's own.
    public var attributes: CellStyle.Attributes?

    public init(foreground: ThemeColor? = nil, background: ThemeColor? = nil, attributes: CellStyle.Attributes? = nil) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }
}
