extension Key {
    /// How the help overlay names the key: `Up`, `PgDn`, `Enter`, or the character itself.
    public var helpLabel: String {
        switch self {
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .tab: "Tab"
        case .delete: "Del"
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .control(let character): "Ctrl-" + String(character)
        case .alt(let character): "Alt-" + String(character)
        case .function(let number): "F\(number)"
        case .modified(let base, let modifiers): modifiers.helpPrefix + base.helpLabel
        }
    }
}
