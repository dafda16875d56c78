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
    /// A named key (an arrow, a page key, Home, End, Enter, Esc, Tab, Backspace, Delete, F1…F12) held with
    /// Ctrl, Alt or Shift: `ctrl-down`, `shift-tab`. Never holds a character (those are `.control` and `.alt`)
    /// and never an empty set; `Key.modified(_:_:)` builds it that way.
    indirect case modified(Key, KeyModifiers)

    /// `base` with `modifiers`: the base itself when there are none; a character with Ctrl is `.control`,
    /// with Alt `.alt` (Shift is already in the character), so one key has one spelling.
    public static func with(_ modifiers: KeyModifiers, _ base: Key) -> Key {
        if modifiers.isEmpty { return base }
        switch base {
        case .character(let character):
            if modifiers.contains(.control), let lower = character.lowercased().first, lower.isASCII,
               lower.isLetter || "@[\\]^_".contains(lower) {
                return .control(lower)
            }
            if modifiers.contains(.alt) { return .alt(character) }
            return base
        case .modified(let inner, let more): return .with(modifiers.union(more), inner)
        case .control, .alt: return base
        default: return .modified(base, modifiers)
        }
    }

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
