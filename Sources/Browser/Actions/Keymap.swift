/// Maps a key press on one screen to its action, built from `ActionTable` and the config file's bindings.
///
/// A binding in `bindings` replaces its action's default keys on the list and detail screens (wherever they offer
/// it); one in `screenBindings` replaces them on that screen only, and is the only way to rebind the prompt
/// (where a bare letter must stay typing). Where a bound key
/// is also another action's default, the binding wins and the default is dropped; two bindings claiming one
/// key on one screen are a `KeymapConflict`.
public struct Keymap: Hashable, Sendable {
    /// Per screen, in `KeymapScreen.position` order.
    private var actions: [[Key: Action]] = []
    private var keys: [[Action: [Key]]] = []

    /// The default keymap.
    public init() {
        self = Self.defaults
    }

    /// The default keymap, built once a process: a launch asks for it several times (the settings, the browser's
    /// configuration, the site picker), and each build hashes every action table entry into a dozen dictionaries.
    // Built-in defaults never conflict (ActionTableTests checks it).
    private static let defaults = try! Keymap(bindings: [:])

    /// The keymap with `bindings` (keys per action) replacing those actions' defaults, then `screenBindings` per screen.
    public init(bindings: [Action: [Key]], screenBindings: [KeymapScreen: [Action: [Key]]] = [:]) throws(KeymapConflict) {
        actions.reserveCapacity(KeymapScreen.allCases.count)
        keys.reserveCapacity(KeymapScreen.allCases.count)
        for screen in KeymapScreen.allCases {
            assert(screen.position == actions.count)
            var bindings = screen.takesText ? [:] : bindings
            bindings.merge(screenBindings[screen] ?? [:]) { $1 }
            // Sized for the whole table at once: grown an entry at a time, they were rehashed half a dozen times each.
            var actions = [Key: Action](minimumCapacity: ActionTable.entries.count * 2)
            var keys = [Action: [Key]](minimumCapacity: ActionTable.entries.count)
            // Bindings first, in table order so a conflict is reported the same way every time.
            for entry in ActionTable.entries where entry.defaults[screen] != nil {
                guard let bound = bindings[entry.action] else { continue }
                for key in bound {
                    if let other = actions[key], other != entry.action {
                        throw KeymapConflict(key: key, screen: screen, first: other, second: entry.action)
                    }
                    if actions[key] == nil { keys[entry.action, default: []].append(key) }
                    actions[key] = entry.action
                }
                if keys[entry.action] == nil { keys[entry.action] = [] }
            }
            for entry in ActionTable.entries where bindings[entry.action] == nil {
                guard let defaults = entry.defaults[screen] else { continue }
                var kept: [Key] = []
                for key in defaults where actions[key] == nil {
                    actions[key] = entry.action
                    kept.append(key)
                }
                keys[entry.action] = kept
            }
            self.actions.append(actions)
            self.keys.append(keys)
        }
    }

    /// The action bound to `key` on `screen`, or nil for a key that does nothing there.
    public func action(for key: Key, on screen: KeymapScreen = .list) -> Action? { actions[screen.position][key] }

    /// The keys bound to `action` on `screen`, in the order they were given; empty when unbound or not offered.
    public func keys(for action: Action, on screen: KeymapScreen) -> [Key] { keys[screen.position][action] ?? [] }

    /// True when `screen` offers `action` at all.
    public func offers(_ action: Action, on screen: KeymapScreen) -> Bool { keys[screen.position][action] != nil }
}

/// Two actions bound to the same key on the same screen.
public struct KeymapConflict: Error, Hashable, Sendable {
    public let key: Key
    public let screen: KeymapScreen
    public let first: Action
    public let second: Action

    /// One line: `"j" is bound to both move_down and next_page (list screen)`.
    public var message: String {
        let a = ActionTable.descriptor(for: first).name
        let b = ActionTable.descriptor(for: second).name
        return "\"\(key.configName)\" is bound to both \(a) and \(b) (\(screen.rawValue) screen)"
    }
}
