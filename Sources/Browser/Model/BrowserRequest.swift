public import Foundation
public import StackExchange

/// Exactly what the browser asks the API for, with the site and question it is about: two requests are the
/// same request when they are equal, which is how a repeated press keeps the one already in flight.
public enum BrowserRequest: Hashable, Sendable {
    /// A page of questions of a query (its site travels in the query).
    case questions(QuestionsQuery, page: Int)
    /// A question with its body and first page of answers.
    case detail(site: String, questionID: Int)
    /// Answers page `page` (past the first hundred) of a question.
    case answers(site: String, questionID: Int, page: Int)
    /// The comments of some posts of a question, all on `site`.
    case comments(site: String, questionID: Int, postIDs: [Int])
    /// The network's site list.
    case sites
    /// A vote or favourite (or its undo) on a post of the open question: a write, sent once.
    case vote(VoteRequest, questionID: Int)
    /// A comment on a post of the open question, or with `preview` only its rendering: a write, sent once.
    case addComment(AddCommentRequest, questionID: Int)
    /// The whole inbox (network-wide), or only its unread items (for the badge), asked on `site`.
    case inbox(unreadOnly: Bool, site: String)
    /// A post's score and the caller's vote on it now: whether a vote whose answer never came landed.
    case postState(PostStateRequest)
    /// The caller's comments since a time: whether a comment whose answer never came was posted.
    case myComments(MyCommentsRequest)
    /// One request of the watches' poll schedule (issue 30).
    case watch(WatchRequest)

    /// The site the request is about, when it is about one; for the trace and the tests.
    public var site: String? {
        switch self {
        case .questions(let query, _): query.site
        case .detail(let site, _), .answers(let site, _, _), .comments(let site, _, _): site
        case .sites: nil
        case .vote(let request, _): request.site
        case .addComment(let request, _): request.site
        case .inbox(_, let site): site
        case .postState(let request): request.site
        case .myComments(let request): request.site
        case .watch(let request): request.site
        }
    }
}

/// What came back for a `BrowserRequest`, as the data manager delivered it.
public enum BrowserResponse: Sendable {
    case questions(Result<Page<Question>, APIError>)
    case detail(Result<QuestionDetail, APIError>)
    case answers(Result<Page<Answer>, APIError>)
    case comments(Result<Page<PostComment>, APIError>)
    case sites(Result<[Site], APIError>)
    case vote(Result<PostVoteState, APIError>)
    case comment(Result<PostComment, APIError>)
    case inbox(Result<[InboxItem], APIError>)
    case postState(Result<PostVoteState, APIError>)
    case myComments(Result<[PostComment], APIError>)
    case watch(Result<WatchAnswer, APIError>)

    /// The error, when the request failed.
    public var error: APIError? {
        switch self {
        case .questions(.failure(let e)), .detail(.failure(let e)), .answers(.failure(let e)),
             .comments(.failure(let e)), .sites(.failure(let e)), .vote(.failure(let e)), .comment(.failure(let e)),
             .inbox(.failure(let e)), .postState(.failure(let e)), .myComments(.failure(let e)), .watch(.failure(let e)):
            e
        default:
            nil
        }
    }
}

/// Why the browser made a request: what its answer is for once it comes back.
public enum RequestPurpose: Hashable, Sendable {
    /// A list page the paging machine asked for (the person's load or the prefetch: its lane tells which).
    case listPage
    /// One site's search of a search over several sites (page 1; `MergedSearch`).
    case mergedSearch(site: String)
    /// The open question's detail (first load or revalidation).
    case detail
    /// The open question's next answers page.
    case answers
    /// The open question's comments.
    case comments
    /// The site picker's list.
    case sitePicker
    /// The site names the status bar shows.
    case siteNames
    /// A vote or favourite the person cast.
    case vote
    /// The comment editor's preview, then its post.
    case commentPreview
    case commentPost
    /// The inbox screen's items; the status bar's unread count.
    case inbox
    case inboxBadge
    /// Whether the vote (its request) whose answer never came landed.
    case voteCheck(VoteRequest)
    /// Whether the comment (its request, sent at `sentAt`) whose answer never came was posted.
    case commentCheck(AddCommentRequest, sentAt: Date)
    /// A watch's poll (issue 30).
    case watch
}
