/// What stackterm remembers of how the person uses it, across runs: each prompt's history and whether the
/// help was opened once (the status bar stops offering `? help` after that).
public struct Remembered: Codable, Hashable, Sendable {
    /// Each prompt's applied entries by its label (`tag`, `search`, `find`), oldest first.
    public var promptHistory: [String: [String]]
    /// True once the help has been opened.
    public var helpSeen: Bool

    public init(promptHistory: [String: [String]] = [:], helpSeen: Bool = false) {
        self.promptHistory = promptHistory
        self.helpSeen = helpSeen
    }
}

/// Reads and keeps `Remembered` (in the data directory, beside the bookmarks).
public protocol RememberedKeeping: Sendable {
    /// What was kept, or an empty value when nothing was (or it could not be read).
    func remembered() -> Remembered
    /// Keeps `remembered`, replacing what was kept.
    func keep(_ remembered: Remembered)
}
