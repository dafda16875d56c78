public import Foundation
public import Operations
public import StackExchange
public import StorePorts

/// What the runner reaches the world through: the data managers, the store's ports, the clipboard, the opener.
@MainActor
struct BrowserPorts {
    let questions: any QuestionsDataManaging
    let details: any QuestionDetailDataManaging
    let urlOpener: any URLOpening
    let clipboard: any Copying
    let siteList: (any SiteListProviding)?
    let comments: (any CommentsDataManaging)?
    let personal: (any PersonalDataManaging)?
    let listCache: (any QuestionListCaching)?
    let detailCache: (any QuestionDetailCaching)?
    let account: AccountPorts?
    /// The prompts' histories and whether the help was seen, kept across runs.
    let remembered: (any RememberedKeeping)?
    /// The watches' requests and data file (issue 30), and who tells the person outside the terminal.
    var watching: WatchPorts? = nil
    var notifier: (any Notifying)? = nil

    /// Which features the ports make possible.
    var features: BrowserFeatures {
        BrowserFeatures(
            siteList: siteList != nil, comments: comments != nil, personal: personal != nil,
            listCache: listCache != nil, detailCache: detailCache != nil, account: account != nil,
            commentDrafts: account?.drafts != nil, inboxStore: account?.inbox != nil,
            commentClock: account?.commentClock != nil, watching: watching != nil)
    }

    /// Sends `request` through its data manager; `completion` runs on the main queue with the response.
    func send(
        _ request: BrowserRequest, lane: RequestPriority, now: Date = Date(),
        completion: @escaping @MainActor @Sendable (BrowserResponse) -> Void
    ) -> any Cancellable {
        switch request {
        case .questions(let query, let page):
            return questions.questions(query, page: page, priority: lane) { completion(.questions($0)) }
        case .detail(let site, let questionID):
            return details.detail(questionID: questionID, site: site, priority: lane) { completion(.detail($0)) }
        case .answers(let site, let questionID, let page):
            return details.answers(questionID: questionID, site: site, page: page, priority: lane) { completion(.answers($0)) }
        case .comments(let site, _, let postIDs):
            guard let comments else { return Self.fail(completion, as: { .comments(.failure($0)) }) }
            return comments.comments(postIDs: postIDs, site: site, priority: lane) { completion(.comments($0)) }
        case .sites:
            guard let siteList else { return Self.fail(completion, as: { .sites(.failure($0)) }) }
            return siteList.sites(priority: lane) { completion(.sites($0)) }
        case .vote(let request, _):
            guard let account else { return Self.fail(completion, as: { .vote(.failure($0)) }) }
            return account.requests.vote(request) { completion(.vote($0)) }
        case .addComment(let request, _):
            guard let account else { return Self.fail(completion, as: { .comment(.failure($0)) }) }
            return account.requests.addComment(request) { completion(.comment($0)) }
        case .inbox(let unreadOnly, let site):
            guard let account else { return Self.fail(completion, as: { .inbox(.failure($0)) }) }
            return account.requests.inbox(unreadOnly: unreadOnly, site: site, priority: lane) { completion(.inbox($0)) }
        case .postState(let request):
            guard let account else { return Self.fail(completion, as: { .postState(.failure($0)) }) }
            return account.requests.postState(request) { completion(.postState($0)) }
        case .myComments(let request):
            guard let account else { return Self.fail(completion, as: { .myComments(.failure($0)) }) }
            return account.requests.myComments(request) { completion(.myComments($0)) }
        case .watch(let request):
            guard let watching else { return Self.fail(completion, as: { .watch(.failure($0)) }) }
            return watching.requests.send(request, at: now) { completion(.watch($0)) }
        }
    }

    /// Moves `request`, in flight on the background lane, to the user lane, where its data manager can: the
    /// questions data manager raises a request when a user-lane caller joins it (`RequestCoalescer`), so this
    /// joins it, and leaves the answer to the first caller, whose completion carries the token. The others
    /// cannot be raised (a second call would be a second request): their request keeps its lane.
    func raise(_ request: BrowserRequest) -> (any Cancellable)? {
        guard case .questions(let query, let page) = request else { return nil }
        return questions.questions(query, page: page, priority: .user) { _ in }
    }

    /// Reads the store at once.
    func read(_ read: StoreRead) -> StoreResult {
        switch read {
        case .cachedPage(let query, let page, let token):
            .cachedPage(listCache?.cachedQuestions(query, page: page), page: page, for: token)
        case .cachedDetail(let site, let questionID):
            .cachedDetail(detailCache?.cachedDetail(questionID: questionID, site: site), site: site, questionID: questionID)
        case .bookmarks:
            .bookmarks(personal?.bookmarks() ?? [])
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
        }
    }

    /// Writes to the store (the store writes in the background); `written` hears how a read mark or bookmark
    /// change ended (the drafts and the kept inbox say nothing).
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
            if let store = watching?.store { change.apply(to: store) }
        }
    }

    /// A request the ports cannot serve: it fails on the next turn of the main queue, as a data manager would.
    private static func fail(
        _ completion: @escaping @MainActor @Sendable (BrowserResponse) -> Void,
        as response: @escaping @Sendable (APIError) -> BrowserResponse
    ) -> any Cancellable {
        let action = CancelAction {}
        Task { @MainActor in completion(response(.cancelled)) }
        return action
    }
}
