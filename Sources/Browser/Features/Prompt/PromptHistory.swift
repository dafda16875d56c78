/// What was applied in each prompt (tag, search, find), newest last, for Up and Down; kept in the data directory.
public struct PromptHistory: Hashable, Sendable, Codable {
    /// The most entries one prompt keeps; the oldest go first.
    public static let capacity = 100

    /// Entries by prompt label (`tag`, `search`, `find`), oldest first.
    public private(set) var entries: [String: [String]]

    public init(entries: [String: [String]] = [:]) {
        self.entries = entries.mapValues { Array($0.suffix(Self.capacity)) }
    }

    /// The entries of `kind`'s prompt, oldest first.
    public func entries(for kind: PromptState.Kind) -> [String] { entries[kind.label] ?? [] }

    /// Adds `text` as the newest entry of `kind` (an earlier equal entry moves up; empty text is not kept).
    /// Returns false when nothing changed.
    @discardableResult
    public mutating func record(_ text: String, for kind: PromptState.Kind) -> Bool {
        guard !text.isEmpty, entries(for: kind).last != text else { return false }
        var list = entries(for: kind).filter { $0 != text }
        list.append(text)
        entries[kind.label] = Array(list.suffix(Self.capacity))
        return true
    }
}
