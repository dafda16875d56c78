import Browser
import TOMLKit

/// Reads `theme = "light"` or a `[theme]` table: `name` (the built-in theme to start from) and role overrides.
///
/// A role is a colour (`link = "blue"`, `score = 214`, `code = "#87afd7"`) for its foreground, or a table
/// `{ fg = …, bg = …, bold = true, dim = …, reverse = …, underline = … }`.
struct ThemeParser {
    let parser: ConfigFileParser

    func named(_ name: String, at key: String) throws(ConfigError) -> Theme {
        guard let theme = Theme.builtIn[name.lowercased()] else {
            throw parser.error(key, "unknown theme \"\(name)\" (themes: dark, light, mono)"
                + NameSuggestion.hint(for: name, among: ["dark", "light", "mono"]))
        }
        return theme
    }

    func read(_ table: TOMLTable) throws(ConfigError) -> Theme {
        var theme = Theme.dark
        if let name = table["name"] {
            theme = try named(parser.string(name, "theme.name"), at: "theme.name")
        }
        let roleNames = ThemeRole.allCases.map(\.rawValue)
        for (key, value) in table where key != "name" {
            let path = "theme." + key
            guard let role = ThemeRole(rawValue: key) else {
                throw parser.unknown(key, among: ["name"] + roleNames, in: "theme")
            }
            var style = theme.styles[role] ?? RoleStyle()
            if value.type == .table, let fields = value.table {
                try apply(fields, to: &style, role: role, at: path)
            } else {
                style.foreground = try color(value, at: path)
            }
            theme.styles[role] = style
        }
        return theme
    }

    private func apply(_ fields: TOMLTable, to style: inout RoleStyle, role: ThemeRole, at path: String) throws(ConfigError) {
        var attributes = style.attributes ?? Self.defaultAttributes(role)
        var setsAttributes = false
        for (key, value) in fields {
            let fieldPath = path + "." + key
            switch key {
            case "fg": style.foreground = try color(value, at: fieldPath)
            case "bg": style.background = try color(value, at: fieldPath)
            case "bold", "dim", "reverse", "underline":
                let flag: CellStyle.Attributes = switch key {
                case "bold": .bold
                case "dim": .dim
                case "reverse": .reverse
                default: .underline
                }
                if try parser.bool(value, fieldPath) { attributes.insert(flag) } else { attributes.remove(flag) }
                setsAttributes = true
            default:
                throw parser.unknown(key, among: ConfigFileParser.styleKeys, in: path)
            }
        }
        if setsAttributes { style.attributes = attributes }
    }

    /// A colour: a name, `#rrggbb` or 0–255.
    private func color(_ value: any TOMLValueConvertible, at path: String) throws(ConfigError) -> ThemeColor {
        if value.type == .int, let number = value.int {
            guard let color = ThemeColor(index: number) else {
                throw parser.error(path, "\(path) must be a colour number between 0 and 255, not \(number)")
            }
            return color
        }
        guard value.type == .string, let text = value.string else {
            throw parser.wrongType(path, expected: "a colour (a name, 0–255 or \"#rrggbb\") or a table", value)
        }
        guard let color = ThemeColor(name: text) else {
            throw parser.error(path, "unknown colour \"\(text)\" for \(path) (a name like red or bright_blue, 0–255, or #rrggbb)"
                + NameSuggestion.hint(for: text, among: ThemeColor.names + ThemeColor.names.map { "bright_" + $0 }))
        }
        return color
    }

    /// The attributes today's look gives a role, which an override's `bold = false` and the like start from.
    static func defaultAttributes(_ role: ThemeRole) -> CellStyle.Attributes {
        switch role {
        case .title, .accepted, .codeKeyword, .accent: [.bold]
        case .selectedRow, .statusBar: [.reverse]
        case .dim, .quote, .tags, .codeComment, .listHeader: [.dim]
        case .error: [.reverse, .bold]
        case .score, .code, .link, .codeString, .codeNumber, .codeType, .codeFunction: []
        }
    }
}
