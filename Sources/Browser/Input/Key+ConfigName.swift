/// The names keys have in the config file's `[keys]` table: `j`, `ctrl-f`, `alt-x`, `f5`, `pgdn`, `space`.
extension Key {
    /// The named keys, by their config name; a single character names itself.
    static let namedKeys: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right,
        "pgup": .pageUp, "pgdn": .pageDown, "home": .home, "end": .end,
        "enter": .enter, "esc": .escape, "backspace": .backspace, "tab": .tab, "delete": .delete,
        "space": .character(" "),
    ]

    /// Other spellings accepted when reading a config file (`pageup`, `escape`, `return`, `del`).
    static let aliases: [String: Key] = [
        "pageup": .pageUp, "pagedown": .pageDown, "escape": .escape, "return": .enter, "del": .delete,
    ]

    /// The key `name` stands for in a config file, or nil when it names no key.
    ///
    /// Names are case-insensitive except a lone letter (`g` and `G` are different keys) and the letter of
    /// an `alt-` chord; `ctrl-` takes a letter (or `@[\]^_`) and stores it lowercase.
    public init?(configName name: String) {
        if let (modifiers, rest) = Self.modifierPrefix(of: name), let base = Key(configName: rest) {
            // `ctrl-f` and `alt-x` stay the chords they always were; a named key takes any modifiers.
            switch base {
            case .character, .control, .alt, .modified: break
            default:
                self = .with(modifiers, base)
                return
            }
        }
        if name.count == 1, let character = name.first {
            guard !character.isWhitespace, PromptState.isPrintable(character) else { return nil }
            self = .character(character)
            return
        }
        let lowered = name.lowercased()
        if let key = Self.namedKeys[lowered] ?? Self.aliases[lowered] {
            self = key
            return
        }
        if lowered.hasPrefix("ctrl-"), name.count == 6, let character = lowered.last,
           character.isASCII, character.isLetter || "@[\\]^_".contains(character) {
            self = .control(character)
            return
        }
        if lowered.hasPrefix("alt-"), name.count == 5, let character = name.last,
           character.isASCII, PromptState.isPrintable(character), character != " " {
            self = .alt(character)
            return
        }
        if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...12).contains(number),
           lowered.count <= 3 {
            self = .function(number)
            return
        }
        return nil
    }

    /// The name the config file uses for this key; `Key(configName:)` reads it back.
    public var configName: String {
        switch self {
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        case .home: "home"
        case .end: "end"
        case .enter: "enter"
        case .escape: "esc"
        case .backspace: "backspace"
        case .tab: "tab"
        case .delete: "delete"
        case .character(" "): "space"
        case .character(let character): String(character)
        case .control(let character): "ctrl-" + String(character)
        case .alt(let character): "alt-" + String(character)
        case .function(let number): "f\(number)"
        case .modified(let base, let modifiers): modifiers.configPrefix + base.configName
        }
    }

    /// The modifiers at the front of a config name (`ctrl-shift-up` → Ctrl and Shift, `up`), or nil when none
    /// are there or nothing follows them.
    static func modifierPrefix(of name: String) -> (KeyModifiers, String)? {
        var modifiers: KeyModifiers = []
        var rest = Substring(name)
        while true {
            let lowered = rest.lowercased()
            if lowered.hasPrefix("ctrl-"), rest.count > 5 { modifiers.insert(.control); rest = rest.dropFirst(5) }
            else if lowered.hasPrefix("alt-"), rest.count > 4 { modifiers.insert(.alt); rest = rest.dropFirst(4) }
            else if lowered.hasPrefix("shift-"), rest.count > 6 { modifiers.insert(.shift); rest = rest.dropFirst(6) }
            else { break }
        }
        return modifiers.isEmpty ? nil : (modifiers, String(rest))
    }
}
