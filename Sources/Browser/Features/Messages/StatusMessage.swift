public import Foundation

/// One line the status bar says: what kind of line it is, when it was said and on which screen.
///
/// The kind sets the lifetime (`StatusMessages` applies it): a `done` notice fades after
/// `StatusMessages.doneLifetime` seconds or at the next key, a `warning` or `error` stays until the next key on
/// that screen, and `progress` stays until something replaces it. None outlives the screen it was said on.
public struct StatusMessage: Equatable, Sendable {
    /// What a message is, which decides how long it shows.
    public enum Kind: String, Sendable, CaseIterable {
        /// Something under way (`posting…`): shows until its outcome replaces it.
        case progress
        /// Something finished (`copied link`, `upvoted`): fades after a few seconds or at the next key.
        case done
        /// Something the person should know (`sign in to vote`): stays until the next key.
        case warning
        /// Something failed: stays until the next key on that screen.
        case error

        /// Whether the next key clears a message of this kind.
        var endsAtNextKey: Bool { self != .progress }
    }

    public var text: String
    public var kind: Kind
    /// When it was said: stamped at the end of the event that said it (the model's clock).
    public var postedAt: Date?
    /// The screen it was said on: stamped at the end of the event that said it, so a message said while
    /// opening a screen belongs to the screen that opened.
    public var scope: MessageScope?

    public init(_ text: String, kind: Kind, postedAt: Date? = nil, scope: MessageScope? = nil) {
        self.text = text
        self.kind = kind
        self.postedAt = postedAt
        self.scope = scope
    }

    /// The kind a bare text is given when it is set as a notice (`state.notice = …`): an ellipsis at the end
    /// means work under way, anything else a finished action.
    static func noticeKind(of text: String) -> Kind {
        text.hasSuffix("…") ? .progress : .done
    }
}
