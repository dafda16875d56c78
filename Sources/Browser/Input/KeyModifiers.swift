/// The modifiers a terminal can report with a key or a mouse event: Shift, Alt (Meta) and Ctrl.
///
/// The bits are xterm's, less one: the parameter `m` of `ESC [ 1 ; m A` is `1 + bits`, and an SGR mouse
/// report carries 4 (Shift), 8 (Alt) and 16 (Ctrl) in its button number.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1)
    public static let alt = KeyModifiers(rawValue: 2)
    public static let control = KeyModifiers(rawValue: 4)

    /// The modifiers of xterm's parameter `m` (`1 + bits`; Meta, 8, counts as Alt); none for 0 or 1.
    public init(xtermParameter m: Int) {
        let bits = max(0, m - 1)
        var modifiers: KeyModifiers = []
        if bits & 1 != 0 { modifiers.insert(.shift) }
        if bits & 2 != 0 || bits & 8 != 0 { modifiers.insert(.alt) }
        if bits & 4 != 0 { modifiers.insert(.control) }
        self = modifiers
    }

    /// `ctrl-`, `alt-`, `shift-` in that order: the prefix a config name and a trace name carry.
    public var configPrefix: String {
        (contains(.control) ? "ctrl-" : "") + (contains(.alt) ? "alt-" : "") + (contains(.shift) ? "shift-" : "")
    }

    /// `Ctrl-`, `Alt-`, `Shift-`: the prefix the help overlay shows.
    public var helpPrefix: String {
        (contains(.control) ? "Ctrl-" : "") + (contains(.alt) ? "Alt-" : "") + (contains(.shift) ? "Shift-" : "")
    }
}
