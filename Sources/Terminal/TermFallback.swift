/// `TERM` named a terminal without a terminfo entry here, and stackterm runs on another entry instead.
public struct TermFallback: Sendable, Equatable {
    /// What `TERM` said.
    public let asked: String
    /// The entry used.
    public let used: String

    public init(asked: String, used: String) {
        self.asked = asked
        self.used = used
    }

    /// The one message the browser shows about it.
    public var message: String { "no terminfo entry for TERM=\(asked); running as \(used)" }
}
