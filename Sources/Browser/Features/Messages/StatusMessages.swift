public import Foundation

/// The status bar's messages and their lifetimes, with the log of every one said this run.
///
/// Two slots, as the bar has always shown them: the error (drawn in the error style, over the notice) and
/// the notice. What is said during an event is stamped at its end (`settle`) with the time and the screen then
/// showing; `personActed` (a key, a click, a paste) ends what was said before it, except work still under way;
/// `settle` also drops what belongs to a screen no longer showing and `done` notices past their lifetime.
public struct StatusMessages: Equatable, Sendable {
    /// How long a `done` notice shows when no key ends it sooner, in seconds of the model's clock.
    public static let doneLifetime: TimeInterval = 4

    public private(set) var notice: StatusMessage?
    public private(set) var error: StatusMessage?
    /// Every message of the run, in full.
    public private(set) var log = MessageLog()
    /// Said during the event being handled, not yet stamped or logged.
    private var unstamped: [StatusMessage] = []

    public init() {}

    /// Says `text` as a message of `kind`: an error takes the error slot, anything else the notice's.
    public mutating func say(_ text: String, kind: StatusMessage.Kind) {
        let message = StatusMessage(text, kind: kind)
        if kind == .error { error = message } else { notice = message }
        unstamped.append(message)
    }

    /// Clears the notice slot (an error stays).
    public mutating func clearNotice() { notice = nil }

    /// Clears the error slot (the notice stays).
    public mutating func clearError() { error = nil }

    /// A key, click or paste arrived: what it ends goes before it is handled.
    mutating func personActed() {
        if let notice, notice.postedAt != nil, notice.kind.endsAtNextKey { self.notice = nil }
        if let error, error.postedAt != nil, error.kind.endsAtNextKey { self.error = nil }
    }

    /// The end of an event: stamps and logs what it said, then drops what no longer belongs on `scope` or has
    /// faded by `now`. Returns how long until the notice fades when one was just said, so a tick can be asked for.
    mutating func settle(now: Date, scope: MessageScope) -> TimeInterval? {
        for var message in unstamped {
            message.postedAt = now
            message.scope = scope
            log.append(message)
        }
        unstamped = []
        var fadesIn: TimeInterval?
        if notice?.postedAt == nil, notice != nil {
            notice?.postedAt = now
            notice?.scope = scope
            if notice?.kind == .done { fadesIn = Self.doneLifetime }
        }
        if error?.postedAt == nil, error != nil {
            error?.postedAt = now
            error?.scope = scope
        }
        if notice?.scope != scope { notice = nil }
        if error?.scope != scope { error = nil }
        if let notice, notice.kind == .done, let postedAt = notice.postedAt,
           now.timeIntervalSince(postedAt) >= Self.doneLifetime {
            self.notice = nil
        }
        return fadesIn
    }
}
