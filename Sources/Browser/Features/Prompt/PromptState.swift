import Foundation

/// A one-line text prompt in the status line (tag filter or search): the text typed so far.
public struct PromptState: Hashable, Sendable {
    /// What the prompt is asking for.
    public enum Kind: Hashable, Sendable {
        case tag, search
        /// A search of the local store's full-text index.
        case storeSearch
        /// Find in page (detail view): every edit searches at once.
        case find
        /// The summary of an edit of one's own post, asked for before it is sent.
        case editSummary

        /// The label shown before the text.
        public var label: String {
            switch self {
            case .tag: "tag"
            case .search: "search"
            case .storeSearch: "search the store"
            case .find: "find"
            case .editSummary: "edit summary"
            }
        }
    }

    /// What a key did to the prompt.
    public enum Outcome: Hashable, Sendable {
        case editing
        case applied(String)
        case cancelled
    }

    public let kind: Kind
    /// The line and its cursor, edited as readline edits (`LineEditor`), with this prompt's history.
    public private(set) var editor: LineEditor

    public init(kind: Kind, text: String = "", history: [String] = []) {
        self.kind = kind
        editor = LineEditor(text: text, history: history)
    }

    /// The text typed so far.
    public var text: String { editor.text }

    /// Edits the text: printable characters append, Backspace deletes, Enter applies, Esc cancels.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .enter: apply()
        case .escape: .cancelled
        default: edit(key)
        }
    }

    /// The text as it will be applied.
    public func apply() -> Outcome {
        .applied(text.trimmingCharacters(in: .whitespaces))
    }

    /// Edits the text with a key that is no action of the prompt's keymap: printable characters go in at the
    /// cursor, the editing keys (`LineEditor`) move, delete and step through the history, anything else is ignored.
    public mutating func edit(_ key: Key) -> Outcome {
        switch key {
        case .character(let character) where Self.isPrintable(character):
            if editor.characters.count < Self.maximumLength { editor.insert([character]) }
        default:
            editor.handle(key)
        }
        return .editing
    }

    /// The most a prompt holds: a search or tag longer than this is no query the API takes.
    public static let maximumLength = 500

    /// Inserts pasted text: line breaks and tabs become spaces, other control and invisible characters (bidi
    /// controls, zero-width spaces) are left out, and the text stops at `maximumLength`. Returns how many
    /// characters went in and how many were cut for length.
    public mutating func insert(_ pasted: String) -> (inserted: Int, cut: Int) {
        var cleaned = ""
        for character in pasted {
            // CR LF is one Character in Swift, so it becomes one space, not two.
            if character == "\r\n" || character == "\n" || character == "\r" || character == "\t" {
                cleaned.append(" ")
            } else if Self.isPrintable(character), !InvisibleCharacters.isInvisible(character) {
                cleaned.append(character)
            }
        }
        let room = max(0, Self.maximumLength - editor.characters.count)
        let kept = cleaned.prefix(room)
        editor.insert(kept)
        return (kept.count, cleaned.count - kept.count)
    }

    /// True for a character that draws something: no control characters reach the prompt.
    static func isPrintable(_ character: Character) -> Bool {
        !character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}
