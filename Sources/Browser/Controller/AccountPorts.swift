public import StackExchange
public import StorePorts

/// What the runner needs for a signed-in person: their requests, forgetting the sign-in, and the store's drafts
/// and kept inbox.
public struct AccountPorts: Sendable {
    public var requests: any AccountDataManaging
    public var signIn: any SignInKeeping
    public var drafts: (any CommentDrafting)?
    public var inbox: (any InboxKeeping)?
    public var commentClock: (any CommentClockKeeping)?

    public init(
        requests: any AccountDataManaging, signIn: any SignInKeeping, drafts: (any CommentDrafting)? = nil,
        inbox: (any InboxKeeping)? = nil, commentClock: (any CommentClockKeeping)? = nil
    ) {
        self.commentClock = commentClock
        self.requests = requests
        self.signIn = signIn
        self.drafts = drafts
        self.inbox = inbox
    }
}
