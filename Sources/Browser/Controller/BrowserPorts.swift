public import Foundation
public import Operations
public import StackExchange
public import StorePorts

/// What the runner reaches the world through: the data managers, the generic API door, the store's ports, the
/// clipboard, the opener. `BrowserController` takes it whole; a port left nil turns its feature off.
///
/// A request kind picks the port it needs itself (`RequestKind.send`); a kind with an endpoint of its own sends its
/// `APIRequest` through `api`, so it adds nothing here.
@MainActor
public struct BrowserPorts {
    public var questions: any QuestionsDataManaging
    public var details: any QuestionDetailDataManaging
    public var urlOpener: any URLOpening
    public var clipboard: any Copying
    /// Any API request, decoded as its kind says: the port of every kind with an endpoint of its own.
    public var api: (any APIRequestPerforming)?
    public var siteList: (any SiteListProviding)?
    public var comments: (any CommentsDataManaging)?
    public var personal: (any PersonalDataManaging)?
    public var listCache: (any QuestionListCaching)?
    public var detailCache: (any QuestionDetailCaching)?
    public var account: AccountPorts?
    /// The prompts' histories and whether the help was seen, kept across runs.
    public var remembered: (any RememberedKeeping)?
    /// The watches' requests and data file, and who tells the person outside the terminal.
    public var watching: WatchPorts?
    public var notifier: (any Notifying)?
    /// The editor and the drafts: writing answers, questions and edits.
    public var writing: WritingPorts?
    /// The posts' pictures: the store's copies and the image hosts (nil: pictures show as their boxes).
    public var pictures: (any PictureFetching)?
    /// `[images] viewer`: what opens a picture (nil: the URL opener, as a link).
    public var pictureViewer: (any URLOpening)?

    /// Ports with the list and the detail's data managers and the opener; every other port is off until set.
    public init(
        questions: any QuestionsDataManaging, details: any QuestionDetailDataManaging, urlOpener: any URLOpening,
        clipboard: any Copying = NoClipboard(), api: (any APIRequestPerforming)? = nil,
        siteList: (any SiteListProviding)? = nil, comments: (any CommentsDataManaging)? = nil,
        personal: (any PersonalDataManaging)? = nil, listCache: (any QuestionListCaching)? = nil,
        detailCache: (any QuestionDetailCaching)? = nil, account: AccountPorts? = nil,
        remembered: (any RememberedKeeping)? = nil, watching: WatchPorts? = nil, notifier: (any Notifying)? = nil
    ) {
        self.questions = questions
        self.details = details
        self.urlOpener = urlOpener
        self.clipboard = clipboard
        self.api = api
        self.siteList = siteList
        self.comments = comments
        self.personal = personal
        self.listCache = listCache
        self.detailCache = detailCache
        self.account = account
        self.remembered = remembered
        self.watching = watching
        self.notifier = notifier
    }

    /// Which features the ports make possible.
    var features: BrowserFeatures {
        BrowserFeatures(
            siteList: siteList != nil, comments: comments != nil, personal: personal != nil,
            listCache: listCache != nil, detailCache: detailCache != nil, account: account != nil,
            commentDrafts: account?.drafts != nil, inboxStore: account?.inbox != nil,
            commentClock: account?.commentClock != nil, watching: watching != nil, writing: writing != nil && account != nil)
    }

    /// Sends `request` through its data manager (its kind says how); `completion` runs on the main queue with
    /// the response.
    func send(
        _ request: BrowserRequest, lane: RequestPriority, now: Date = Date(),
        completion: @escaping @MainActor @Sendable (BrowserResponse) -> Void
    ) -> any Cancellable {
        request.send(through: self, lane: lane, now: now, completion: completion)
    }

    /// Reads the store at once.
    func read(_ read: StoreRead) -> StoreResult {
        switch read {
        case .cachedPage(let query, let page, let token):
            .cachedPage(listCache?.cachedQuestions(query, page: page), page: page, for: token)
        case .cachedDetail(let site, let questionID):
            .cachedDetail(detailCache?.cachedDetail(questionID: questionID, site: site), site: site, questionID: questionID)
        case .bookmarks:
            personal.map { personal in
                let list = personal.bookmarkList()
                return .bookmarks(list.bookmarks, problem: list.problem)
            } ?? .bookmarks([])
        case .commentDraft(let site, let postID):
            .commentDraft(account?.drafts?.draft(site: site, postID: postID), site: site, postID: postID)
        case .inbox:
            .inbox(account?.inbox?.keptInbox() ?? [])
        case .commentClock(let site):
            .commentClock(account?.commentClock?.lastCommentSent(site: site), site: site)
        case .remembered:
            .remembered(remembered?.remembered() ?? Remembered())
        case .watches:
            .watches(watching?.snapshot() ?? WatchSnapshot(watches: [], unseen: []))
        case .watchItems:
            .watchItems(watching?.store.unseenItems() ?? [])
        case .editorDraft(let site, let target):
            .editorDraft(writing?.drafts.draft(site: site, target: target), site: site, target: target)
        case .editorDrafts:
            .editorDrafts(writing?.drafts.allDrafts() ?? [])
        case .writeFilter:
            .writeFilter(writing?.filter())
        case .writeClock(let site):
            .writeClock(writing?.writeTimes.map { WriteClock(site: site, times: $0, now: Date()) } ?? WriteClock(), site: site)
        }
    }

    /// Writes to the store (the store writes in the background); `written` hears how a read mark, bookmark or
    /// watch change ended (the drafts and the kept inbox say nothing).
    func write(_ write: StoreWrite, written: @escaping @MainActor @Sendable (String?) -> Void) {
        switch write {
        case .setRead(let read, let site, let questionID):
            personal?.setRead(read, site: site, questionID: questionID, completion: written)
        case .setBookmarked(let bookmarked, let question, let site):
            personal?.setBookmarked(bookmarked, question: question, site: site, completion: written)
        case .commentDraft(let text, let site, let postID):
            account?.drafts?.setDraft(text, site: site, postID: postID)
        case .inbox(let items):
            account?.inbox?.keepInbox(items)
        case .commentSent(let site, let date):
            account?.commentClock?.recordCommentSent(site: site, at: date)
        case .remembered(let value):
            remembered?.keep(value)
        case .watch(let change):
            // On the store's background queue: another stackterm holding the data file's lock never holds a key.
            guard let store = watching?.store else { return written(nil) }
            store.inBackground({ change.apply(to: $0) }, completion: { written(nil) })
        case .writeSent(let site, let kind, let date):
            writing?.writeTimes?.recordWrite(site: site, kind: kind.rawValue, at: date)
        }
    }
}
