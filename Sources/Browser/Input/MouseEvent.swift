/// One mouse report from the terminal (SGR, mode 1006): what happened, where, with which modifiers.
///
/// Rows and columns count from 0 at the top left of the screen.
public struct MouseEvent: Hashable, Sendable {
    /// A button of the mouse.
    public enum Button: Int, Hashable, Sendable {
        case left = 0, middle = 1, right = 2
    }

    /// What the mouse did.
    public enum Action: Hashable, Sendable {
        case press(Button)
        case release(Button)
        /// Moved with `Button` held (reported only in modes that ask for motion; kept so a report is never misread).
        case drag(Button)
        case wheelUp, wheelDown, wheelLeft, wheelRight
    }

    public var action: Action
    public var row: Int
    public var column: Int
    public var modifiers: KeyModifiers

    public init(_ action: Action, row: Int, column: Int, modifiers: KeyModifiers = []) {
        self.action = action
        self.row = row
        self.column = column
        self.modifiers = modifiers
    }

    /// The name the `--trace` file uses: `mouse-press-left@3,10`, `mouse-wheelup@0,0`.
    public var traceName: String {
        let what = switch action {
        case .press(let button): "press-\(button)"
        case .release(let button): "release-\(button)"
        case .drag(let button): "drag-\(button)"
        case .wheelUp: "wheelup"
        case .wheelDown: "wheeldown"
        case .wheelLeft: "wheelleft"
        case .wheelRight: "wheelright"
        }
        return "mouse-" + modifiers.configPrefix + what + "@\(row),\(column)"
    }
}
