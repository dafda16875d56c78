/// When the import's progress is written: on a terminal the line is redrawn in place at most ten times a second;
/// elsewhere (a pipe, a log file) a plain line is added every few seconds at most, so a log stays readable.
/// A value on an injected clock (seconds from any fixed origin).
public struct ImportProgressPacing: Sendable, Hashable {
    /// Seconds between two lines added to a pipe or a file.
    public static let plainInterval = 5.0
    /// Seconds between two redraws on a terminal.
    public static let terminalInterval = 0.1

    public let isTerminal: Bool
    private var lastShown: Double?

    public init(isTerminal: Bool) { self.isTerminal = isTerminal }

    /// True when progress reported at `now` is to be written (and then counts as written).
    public mutating func shouldShow(at now: Double) -> Bool {
        let interval = isTerminal ? Self.terminalInterval : Self.plainInterval
        if let lastShown, now - lastShown < interval { return false }
        lastShown = now
        return true
    }
}
