/// A notification as the bytes a terminal takes: OSC 9, OSC 777;notify, OSC 99 or BEL, wrapped for tmux's
/// passthrough when inside tmux.
///
/// Title and text are untrusted (question titles): they go through the screen's filter (`InvisibleCharacters`:
/// control, bidi and zero-width characters removed), line breaks and tabs become spaces, the field separators of
/// the protocol are replaced, and each is capped in length, so nothing in them can end the sequence or start another.
public struct TerminalNotification: Sendable, Hashable {
    /// The most characters of a title kept; longer ones end in `…`.
    public static let titleLimit = 80
    /// The most characters of a text kept.
    public static let textLimit = 200

    public var title: String
    public var text: String

    public init(title: String, text: String) {
        self.title = title
        self.text = text
    }

    /// The escape sequence for `method`, wrapped for tmux when `insideTmux`; empty for `.none` (and `.auto`,
    /// which the caller resolves first).
    public func sequence(_ method: NotificationMethod, insideTmux: Bool = false) -> String {
        let esc = "\u{1B}"
        let bel = "\u{07}"
        let title = Self.inert(self.title, limit: Self.titleLimit)
        let text = Self.inert(self.text, limit: Self.textLimit)
        let raw: String
        switch method {
        case .none, .auto: return ""
        case .bell: return bel  // tmux passes a bell on by itself (bell-action)
        case .osc9:
            // A leading digit and `;` would read as ConEmu's `OSC 9 ; 4 ;` progress: the title comes first.
            raw = esc + "]9;" + ([title, text].filter { !$0.isEmpty }.joined(separator: ": ")) + bel
        case .osc777:
            raw = esc + "]777;notify;" + title.replacingOccurrences(of: ";", with: ",") + ";" + text + bel
        case .osc99:
            // kitty: `d=0` starts a notification and carries the title; `d=1:p=body` finishes it with the text.
            raw = esc + "]99;i=stackterm:d=0;" + title + esc + "\\" + esc + "]99;i=stackterm:d=1:p=body;" + text + esc + "\\"
        }
        return insideTmux ? Self.tmuxPassthrough(raw) : raw
    }

    /// `sequence` inside tmux's DCS passthrough: `ESC P tmux; … ESC \`, every ESC within doubled.
    public static func tmuxPassthrough(_ sequence: String) -> String {
        "\u{1B}Ptmux;" + sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
    }

    /// `text` made inert: invisible characters removed, whitespace runs one space, capped at `limit` characters.
    public static func inert(_ text: String, limit: Int) -> String {
        let visible = InvisibleCharacters.removed(from: text).text
        let flat = visible.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        guard flat.count > limit else { return flat }
        return String(flat.prefix(max(0, limit - 1))) + "…"
    }
}
