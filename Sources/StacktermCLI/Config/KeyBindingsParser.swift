import Browser
import TOMLKit

/// Reads `[keys]`: each key an action's config name, each value a key name or a list of them; `[keys.list]`,
/// `[keys.detail]` and `[keys.prompt]` rebind one screen only.
struct KeyBindingsParser {
    let parser: ConfigFileParser

    /// How the README and the errors list the key names.
    static let keyNamesHelp = "a character, ctrl-x, alt-x, f1…f12, up, down, left, right, pgup, pgdn, home, end, "
        + "esc, enter, space, tab, backspace, delete"

    /// The chords the terminal keeps for itself (its line discipline sends a signal instead of the key, and
    /// stackterm leaves that on so Ctrl-C always stops it), with what each becomes: a binding to one would never fire.
    static let undeliveredKeys: [Key: String] = [
        .control("c"): "an interrupt (SIGINT)",
        .control("z"): "a suspend (SIGTSTP)",
        .control("\\"): "a quit signal (SIGQUIT)",
    ]

    func read(_ value: any TOMLValueConvertible) throws(ConfigError) -> (KeyBindings, Keymap) {
        let table = try parser.table(value, "keys")
        var bindings = KeyBindings()
        for (name, value) in table {
            if let screen = KeymapScreen(rawValue: name), value.type == .table {
                bindings.screens[screen] = try read(parser.table(value, "keys." + name), screen: screen)
            } else {
                bindings.general.merge(try read(name: name, value: value, table: "keys", screen: nil)) { $1 }
            }
        }
        do {
            return (bindings, try Keymap(bindings: bindings.general, screenBindings: bindings.screens))
        } catch {
            // Point at whichever of the two bindings comes later in the file: the one that collided.
            let paths = [error.first, error.second].map { bindings.path(of: $0, on: error.screen) }
            let lines = paths.map { parser.locator.line(of: $0) ?? 0 }
            throw parser.error(lines[0] > lines[1] ? paths[0] : paths[1], error.message)
        }
    }

    private func read(_ table: TOMLTable, screen: KeymapScreen) throws(ConfigError) -> [Action: [Key]] {
        var bindings: [Action: [Key]] = [:]
        for (name, value) in table {
            bindings.merge(try read(name: name, value: value, table: "keys." + screen.rawValue, screen: screen)) { $1 }
        }
        return bindings
    }

    private func read(name: String, value: any TOMLValueConvertible, table: String, screen: KeymapScreen?)
        throws(ConfigError) -> [Action: [Key]]
    {
        let path = table + "." + name
        guard let descriptor = ActionTable.descriptor(named: name) else {
            throw parser.error(path, "unknown action \"\(name)\" in [\(table)]"
                + NameSuggestion.hint(for: name, among: ActionTable.names))
        }
        if let screen, descriptor.defaults[screen] == nil {
            throw parser.error(path, "\(name) is not an action of the \(screen.rawValue) screen")
        }
        var keys: [Key] = []
        for keyName in try parser.strings(value, path) {
            guard let key = Key(configName: keyName) else {
                throw parser.error(path, "unknown key name \"\(keyName)\" for \(name) (key names: \(Self.keyNamesHelp))")
            }
            if let fate = Self.undeliveredKeys[key] {
                throw parser.error(path, "\(key.configName) never reaches stackterm: the terminal turns it into \(fate); "
                    + "bind \(name) to another key")
            }
            if !keys.contains(key) { keys.append(key) }
        }
        return [descriptor.action: keys]
    }
}
