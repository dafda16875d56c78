/// Maps a key press to its action, built from `ActionTable` so keys and help never disagree.
public struct Keymap: Sendable {
    private let actions: [Key: Action]

    /// Builds the map from `entries`; a key listed twice keeps its first action.
    public init(entries: [ActionTable.Entry] = ActionTable.entries) {
        var actions: [Key: Action] = [:]
        for entry in entries {
            for key in entry.keys where actions[key] == nil { actions[key] = entry.action }
        }
        self.actions = actions
    }

    /// The action bound to `key`, or nil for a key that does nothing.
    public func action(for key: Key) -> Action? { actions[key] }
}
