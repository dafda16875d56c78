/// One thing the person did at the terminal, as the input decoder hands it on: a key, a mouse report, or a
/// bracketed paste (its text, which is never read as keys).
public enum TerminalInput: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case paste(String)
    /// The terminal's focus report (`CSI ?1004h`): `ESC [ I` when it gains the focus, `ESC [ O` when it loses it.
    case focus(Bool)

    /// The name the `--trace` file uses for it; a paste is named by its length only (it may hold anything).
    public var traceName: String {
        switch self {
        case .key(let key): key.traceName
        case .mouse(let event): event.traceName
        case .paste(let text): "paste(\(text.count) characters)"
        case .focus(let focused): focused ? "focus-in" : "focus-out"
        }
    }
}
