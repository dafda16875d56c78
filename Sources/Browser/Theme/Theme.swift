/// A look: a style for each role, and whether colours are used at all.
///
/// Views draw today's look (`dark`) into the screen buffer and tag cells with a `ThemeRole`; the terminal
/// asks the theme how to draw each cell (`resolve`). `mono` draws with attributes alone, so the selection,
/// accepted answers, links and errors stay visible without colour.
public struct Theme: Hashable, Sendable {
    /// The theme's name: `dark`, `light`, `mono`, or the one a config file's overrides started from.
    public var name: String
    /// False for `mono`: no colour is ever drawn.
    public var usesColor: Bool
    public var styles: [ThemeRole: RoleStyle]

    public init(name: String, usesColor: Bool, styles: [ThemeRole: RoleStyle] = [:]) {
        self.name = name
        self.usesColor = usesColor
        self.styles = styles
    }

    /// Today's look: the cells' own colours on the terminal's background.
    public static let dark = Theme(name: "dark", usesColor: true)

    /// For light backgrounds: no yellow or cyan text, which fades on white. Code keeps to the colours that
    /// read on white: blue keywords and types, green strings, red numbers, dim comments.
    public static let light = Theme(name: "light", usesColor: true, styles: [
        .tags: RoleStyle(foreground: .palette(4)),
        .score: RoleStyle(foreground: .palette(5)),
        .accepted: RoleStyle(foreground: .palette(2), attributes: [.bold]),
        .code: RoleStyle(foreground: .palette(5)),
        .link: RoleStyle(foreground: .palette(4), attributes: [.underline]),
        .error: RoleStyle(foreground: .palette(1), attributes: [.bold, .reverse]),
        .codeKeyword: RoleStyle(foreground: .palette(4), attributes: [.bold]),
        .codeString: RoleStyle(foreground: .palette(2)),
        .codeComment: RoleStyle(foreground: .default, attributes: [.dim]),
        .codeNumber: RoleStyle(foreground: .palette(1)),
        .codeType: RoleStyle(foreground: .palette(4)),
        .codeFunction: RoleStyle(foreground: .default),
    ])

    /// No colour: every role that colour told apart gets an attribute.
    public static let mono = Theme(name: "mono", usesColor: false, styles: [
        .title: RoleStyle(attributes: [.bold]),
        .selectedRow: RoleStyle(attributes: [.reverse]),
        .accepted: RoleStyle(attributes: [.bold, .underline]),
        .link: RoleStyle(attributes: [.underline]),
        .statusBar: RoleStyle(attributes: [.reverse]),
        .error: RoleStyle(attributes: [.reverse, .bold, .underline]),
        .tags: RoleStyle(attributes: [.dim]),
        .accent: RoleStyle(attributes: [.bold, .underline]),
        // Code: bold keywords and dim comments; strings, numbers, types and functions read as plain text.
        .codeKeyword: RoleStyle(attributes: [.bold]),
        .codeComment: RoleStyle(attributes: [.dim]),
        .codeString: RoleStyle(attributes: []),
        .codeNumber: RoleStyle(attributes: []),
        .codeType: RoleStyle(attributes: []),
        .codeFunction: RoleStyle(attributes: []),
    ])

    /// The built-in themes by name.
    public static let builtIn: [String: Theme] = ["dark": dark, "light": light, "mono": mono]

    /// The colours and attributes of a cell drawn in `style`: the role's style over the cell's own.
    public func resolve(_ style: CellStyle) -> (foreground: ThemeColor, background: ThemeColor, attributes: CellStyle.Attributes) {
        let own = ThemeColor.basic(style.foreground)
        guard let role = style.role, let roleStyle = styles[role] else {
            return usesColor ? (own, .default, style.attributes) : (.default, .default, style.attributes)
        }
        let attributes = roleStyle.attributes ?? style.attributes
        guard usesColor else { return (.default, .default, attributes) }
        return (roleStyle.foreground ?? own, roleStyle.background ?? .default, attributes)
    }
}

extension ThemeColor {
    /// The palette entry of one of the cell's eight basic colours.
    static func basic(_ color: CellStyle.Color) -> ThemeColor {
        color == .default ? .default : .palette(Int(color.rawValue) - 1)
    }
}
