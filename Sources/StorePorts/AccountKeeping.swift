public import Foundation
public import StackExchange

/// Forgets the sign-in when the API ends it (`402`, `406`): the kept token and the client's copy of it.
public protocol SignInKeeping: Sendable {
    func signOut()
}

/// Comment drafts, one per post, kept so a draft survives Esc and a crash.
public protocol CommentDrafting: Sendable {
    /// The draft kept for `postID` of `site`, if any.
    func draft(site: String, postID: Int) -> String?
    /// Keeps `text` as the draft for the post; nil or empty forgets it.
    func setDraft(_ text: String?, site: String, postID: Int)
}

/// When this person last sent a comment to each site, shared by every stackterm through the data file, so a
/// relaunch or a second process waits out the site's 5 seconds too.
public protocol CommentClockKeeping: Sendable {
    /// When a comment was last sent to `site`, if ever.
    func lastCommentSent(site: String) -> Date?
    /// Records that a comment was sent to `site` at `date` (written before the comment goes out).
    func recordCommentSent(site: String, at date: Date)
}

/// The last inbox fetched, kept for reading offline.
public protocol InboxKeeping: Sendable {
    func keptInbox() -> [InboxItem]
    func keepInbox(_ items: [InboxItem])
}
