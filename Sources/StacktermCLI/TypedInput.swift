import Browser

/// A key that went into text the person is writing (a prompt, the site filter, the comment editor), as the trace
/// records it: its kind and length, never the character, so a search or a comment cannot be rebuilt from a trace.
struct TypedInput: Equatable {
    /// `character`, or `alt` for an Alt chord (which carries a character too).
    let kind: String
    /// How many characters it typed.
    let length: Int

    /// The record of `key`, or nil for a key that types nothing (an arrow, Enter, Esc, Backspace, a Ctrl chord):
    /// those are written by name, as anywhere else.
    init?(_ key: Key) {
        switch key {
        case .character: kind = "character"
        case .alt: kind = "alt"
        default: return nil
        }
        length = 1
    }
}
