/// A key press, as the terminal decodes it; the keymap turns keys into actions.
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab, delete
    case character(Character)
    /// A control chord, `ctrl-f`: the letter is stored lowercase.
    case control(Character)
    /// An Alt (Meta) chord, `alt-x`: the terminal sends Esc then the character.
    case alt(Character)
    /// F1…F12.
    case function(Int)

    /// The name the `--trace` file uses: up, down, pageup, …, or the character itself.
    public var traceName: String {
        switch self {
        // The config names, but for the two page keys and the space, which the trace has always written so.
        case .pageUp: "pageup"
        case .pageDown: "pagedown"
        case .character(let character): String(character)
        default: configName
        }
    }
}
