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

/// The last inbox fetched, kept for reading offline.
public protocol InboxKeeping: Sendable {
    func keptInbox() -> [InboxItem]
    func keepInbox(_ items: [InboxItem])
}
