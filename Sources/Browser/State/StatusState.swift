public import Foundation
import StackExchange

/// What the status bar shows, held once: the messages, the site names, whether the network is reachable, what the
/// API last said of its quota and throttle, and who is signed in.
///
/// The model keeps it in the `ScreenContext` every screen is lent (`BrowserModel.withScreen`), so a screen reads and
/// says through the same value the status bar draws; `BrowserState` reads it there for the views.
public struct StatusState: Equatable, Sendable {
    /// The status bar's messages with their lifetimes, and the log of every one of the run (`StatusMessages`).
    public var messages = StatusMessages()
    /// The display name of each site by API name, once the site list has been loaded.
    public var siteNames: [String: String] = [:]
    /// Set when the network could not be reached; the screens go on showing what the store has.
    public var isOffline = false
    /// The API's `quota_remaining` from the last response that carried it.
    public var quotaRemaining: Int?
    /// Until when the API throttles us: the status bar counts down to it.
    public var throttledUntil: Date?
    /// Who is signed in, if anyone.
    public var account: AccountState = .signedOut(reason: nil)

    public init() {}

    /// The error line: set it to say an error (it stays until the next key on this screen), nil to clear it.
    public var lastError: String? {
        get { messages.error?.text }
        set {
            if let newValue { messages.say(newValue, kind: .error) } else { messages.clearError() }
        }
    }

    /// The notice: set it to say a finished action (it fades) or, ending in `…`, work under way; nil clears it.
    /// `say(warning:)` says one that stays until the next key.
    public var notice: String? {
        get { messages.notice?.text }
        set {
            if let newValue { messages.say(newValue, kind: StatusMessage.noticeKind(of: newValue)) } else { messages.clearNotice() }
        }
    }

    /// Says `text` as a warning: it stays until the next key on this screen.
    mutating func say(warning text: String) {
        messages.say(text, kind: .warning)
    }

    /// Remembers what a failure says about the API as a whole: a throttle shows as a countdown in the status
    /// bar (in place of its fixed message) until it ends.
    mutating func noteAPIFailure(_ error: APIError) {
        guard case .throttled(let until) = error else { return }
        throttledUntil = until
        if lastError == error.message { lastError = nil }
    }
}
