/// How one cell is drawn: attributes and a foreground colour the terminal maps to its own.
public struct CellStyle: Hashable, Sendable {
    /// Text attributes; the terminal maps each to its `A_*` attribute.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let bold = Attributes(rawValue: 1 << 0)
        public static let dim = Attributes(rawValue: 1 << 1)
        public static let reverse = Attributes(rawValue: 1 << 2)
        public static let underline = Attributes(rawValue: 1 << 3)
    }

    /// The eight basic terminal colours plus the terminal's default.
    public enum Color: UInt8, Hashable, Sendable, CaseIterable {
        case `default`, black, red, green, yellow, blue, magenta, cyan, white
    }

    public var attributes: Attributes
    public var foreground: Color
    /// What the text is, for the theme: nil draws the attributes and colour above as they are.
    public var role: ThemeRole?
    /// A picture's cell drawn as text: its own palette colours, which no theme changes (nil for text).
    public var picture: PictureColours?

    public init(_ attributes: Attributes = [], foreground: Color = .default, role: ThemeRole? = nil) {
        self.attributes = attributes
        self.foreground = foreground
        self.role = role
    }

    /// The style of one cell of a picture drawn as coloured blocks.
    public init(picture: PictureColours) {
        self.init()
        self.picture = picture
    }

    /// A picture cell's foreground and background, as entries of the 256-colour palette.
    public struct PictureColours: Hashable, Sendable {
        public var foreground: UInt8
        public var background: UInt8

        public init(foreground: UInt8, background: UInt8) {
            self.foreground = foreground
            self.background = background
        }
    }

    public static let plain = CellStyle()
}
