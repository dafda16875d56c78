public import Browser

/// The config file's `[keys]`: bindings for the list and detail screens, and per-screen ones.
public struct KeyBindings: Sendable, Hashable {
    /// `[keys]`.
    public var general: [Action: [Key]] = [:]
    /// `[keys.list]`, `[keys.detail]`, `[keys.prompt]`.
    public var screens: [KeymapScreen: [Action: [Key]]] = [:]

    public init() {}

    /// Where `action`'s binding on `screen` was written: `keys.detail.quit` or `keys.quit`.
    func path(of action: Action, on screen: KeymapScreen) -> String {
        let name = ActionTable.descriptor(for: action).name
        return screens[screen]?[action] != nil ? "keys.\(screen.rawValue).\(name)" : "keys.\(name)"
    }
}
