extension ActionTable {
    /// The ten actions a newcomer needs first, each with the screen whose key is named, in the order they are met.
    static let mostUseful: [(action: Action, screen: KeymapScreen, help: String)] = [
        (.moveDown, .list, "next question"), (.moveUp, .list, "previous question"),
        (.open, .list, "read the question and its answers"), (.back, .detail, "back to the list"),
        (.nextPage, .list, "more questions"), (.search, .list, "search"), (.filterTag, .list, "filter by tag"),
        (.sites, .list, "switch site"), (.copyLink, .list, "copy the question's link"), (.quit, .list, "quit"),
    ]

    /// The end of `stackterm --help`: the ten most useful keys of `keymap`, and where the rest are.
    public static func usefulKeysText(keymap: Keymap = Keymap()) -> String {
        let rows = mostUseful.map { entry in
            (keymap.keys(for: entry.action, on: entry.screen).map(\.helpLabel).joined(separator: ", "), entry.help)
        }
        let keyWidth = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
        let lines = rows.map { "  " + TextFit.left($0.0, width: keyWidth) + "  " + $0.1 }
        let help = keymap.keys(for: .toggleHelp, on: .list).first?.helpLabel ?? "?"
        return (["KEYS:"] + lines + ["", "  \(help) in stackterm shows every key of the screen you are on."])
            .joined(separator: "\n")
    }
}
