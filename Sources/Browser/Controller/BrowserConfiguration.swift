public import Foundation
public import StackExchange

/// What the browser shows first: the site, tags, sort and page size from the command line.
public struct BrowserConfiguration: Sendable, Hashable {
    public var site: String
    public var tags: [String]
    public var sort: QuestionSort
    public var pageSize: Int
    /// How long a question's detail from the store counts as fresh: opening it within this window sends
    /// no request (it saves quota); after it, the stored copy shows at once and is revalidated.
    public var detailFreshness: TimeInterval
    /// The keys, the config file's `[keys]` applied to `ActionTable`'s defaults.
    public var keymap = Keymap()
    /// How long a cached page counts as fresh, in minutes (the config's `[store] freshness_minutes`); nil: the store's default.
    public var freshnessMinutes: Int?
    /// The most the cache may hold, in megabytes (`[store] cache_size_mb`); nil: the store's default.
    public var cacheSizeMegabytes: Int?
    /// The signed-in person's name, when a sign-in is kept for this API: votes, comments and the inbox are offered.
    public var signedInAs: String?
    /// The signed-in person's user id on the sign-in's site: `e` edits a post only when it is theirs.
    public var signedInUserID: Int?
    /// Whether code blocks are syntax-highlighted (the config's `[detail] highlight`).
    public var highlightsCode = true
    /// A query from the command line (`stackterm WORDS…`): the list starts on the site's search results for it.
    public var searchText: String?
    /// The sites a search covers when there are several (`--site` repeated, the config's `sites`): their results merge
    /// into one list (`MergedSearch`); empty or one site: the list's own site only.
    public var searchSites: [String] = []
    /// A link from the command line (`stackterm URL`): the browser opens on that question, scrolled to the answer.
    public var startQuestion: StartQuestion?

    /// The question a link names, and the answer it points at.
    public struct StartQuestion: Sendable, Hashable {
        public var site: String
        public var questionID: Int
        public var answerID: Int?

        public init(site: String, questionID: Int, answerID: Int?) {
            self.site = site
            self.questionID = questionID
            self.answerID = answerID
        }
    }
    /// `--offline`: nothing is sent, so `/` searches the store.
    public var startsOffline = false
    /// `[watch]`: how often the watches are polled and how the person is told.
    public var watch = BrowserWatchSettings()
    /// `[images]` and the form the terminal takes: how the posts' pictures are fetched and drawn.
    public var pictures = PictureSettings()

    public init(
        site: String = "stackoverflow", tags: [String] = [], sort: QuestionSort = .activity, pageSize: Int = 30,
        detailFreshness: TimeInterval = 300
    ) {
        self.site = site
        self.tags = tags
        self.sort = sort
        self.pageSize = pageSize
        self.detailFreshness = detailFreshness
    }
}

/// Opens a URL in a web browser without blocking; the executable's implementation runs `$BROWSER` or `xdg-open`.
public protocol URLOpening: Sendable {
    /// Starts opening `url`; `completion` runs on the main actor with nil on success or a one-line error.
    func open(_ url: String, completion: @escaping @MainActor @Sendable (String?) -> Void)
}

/// What the `--trace` frame event reports about the frame just drawn.
public struct FrameInfo: Sendable, Hashable {
    /// `list`, `detail` or `help`.
    public var screen: String
    public var rows: Int
    public var selected: Int

    public init(screen: String, rows: Int, selected: Int) {
        self.screen = screen
        self.rows = rows
        self.selected = selected
    }
}
