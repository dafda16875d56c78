extension ActionTable {
    /// The README's key table, generated from the table: each action's config name, its default keys per screen
    /// and what it does. `KeymapTests` checks that the README holds exactly this.
    public static func markdownTable(keymap: Keymap = Keymap()) -> String {
        var lines = ["| action | " + KeymapScreen.allCases.map(\.rawValue).joined(separator: " | ") + " | what it does |",
                     "|---|" + String(repeating: "---|", count: KeymapScreen.allCases.count) + "---|"]
        for entry in entries {
            let cells = KeymapScreen.allCases.map { screen -> String in
                guard keymap.offers(entry.action, on: screen) else { return "" }
                return keymap.keys(for: entry.action, on: screen).map { "`\($0.configName)`" }.joined(separator: " ")
            }
            lines.append("| `\(entry.name)` | " + cells.joined(separator: " | ") + " | \(entry.help) |")
        }
        return lines.joined(separator: "\n")
    }
}
