/// Which of the browser's optional ports the runner was given: the model offers what they make possible.
public struct BrowserFeatures: Hashable, Sendable {
    /// A site list (the picker, the status bar's site names).
    public var siteList: Bool
    /// Comments.
    public var comments: Bool
    /// Read marks and bookmarks.
    public var personal: Bool
    /// The store's copies of list pages.
    public var listCache: Bool
    /// The store's copies of questions.
    public var detailCache: Bool
    /// The signed-in person's requests (votes, comments, the inbox) and forgetting the sign-in.
    public var account = false
    /// Comment drafts kept in the store.
    public var commentDrafts = false
    /// The last inbox kept in the store.
    public var inboxStore = false
    /// The comment clock shared through the store (every stackterm waits out the site's 5 seconds).
    public var commentClock = false
    /// Watches kept in the data file and polled through the client.
    public var watching = false
    /// Writing in the person's editor: the editor runner and the drafts kept in the data file.
    public var writing = false

    public init(
        siteList: Bool = false, comments: Bool = false, personal: Bool = false, listCache: Bool = false, detailCache: Bool = false,
        account: Bool = false, commentDrafts: Bool = false, inboxStore: Bool = false, commentClock: Bool = false,
        watching: Bool = false, writing: Bool = false
    ) {
        self.writing = writing
        self.watching = watching
        self.commentClock = commentClock
        self.account = account
        self.commentDrafts = commentDrafts
        self.inboxStore = inboxStore
        self.siteList = siteList
        self.comments = comments
        self.personal = personal
        self.listCache = listCache
        self.detailCache = detailCache
    }
}
