@testable import Browser
import Foundation
import StackExchange
import StorePorts

/// What the world answers in a replay: the store's reads, and each request's answer as an outcome describes it.
extension ReplayDriver {
    mutating func nextNumber() -> Int {
        nextID += 1
        return nextID
    }

    /// What the store answers: page 1 and every third question are kept (a day old), nothing else.
    func stored(_ read: StoreRead) -> StoreResult {
        switch read {
        case .cachedPage(let query, let page, let token):
            let cached = page == 1 ? Cached(value: Self.page(query: query, page: page, size: 10, more: true), fetchedAt: now - 86_400) : nil
            return .cachedPage(cached, page: page, for: token)
        case .cachedDetail(let site, let id):
            let cached = id % 3 == 0 ? Cached(value: Self.detail(id, answers: 2, more: false), fetchedAt: now - 86_400) : nil
            return .cachedDetail(cached, site: site, questionID: id)
        case .bookmarks:
            return .bookmarks([Bookmark(site: "superuser", question: Self.question(9_001), createdAt: Self.t0)])
        case .commentDraft(let site, let postID):
            return .commentDraft(postID % 2 == 0 ? "a draft kept from before" : nil, site: site, postID: postID)
        case .inbox:
            return .inbox([])
        case .commentClock(let site):
            return .commentClock(nil, site: site)
        case .remembered:
            return .remembered(Remembered())
        case .watches:
            return .watches(WatchSnapshot(watches: [], unseen: []))
        case .watchItems:
            return .watchItems([])
        case .editorDraft(let site, let target):
            return .editorDraft(nil, site: site, target: target)
        case .editorDrafts:
            return .editorDrafts([EditorDraft(site: "superuser", target: .question, text: "Title: t\n\nbody", updatedAt: Self.t0)])
        case .writeFilter:
            return .writeFilter("writefilter")
        case .writeClock(let site):
            return .writeClock(WriteClock(), site: site)
        }
    }

    /// The answer to `request` that `outcome` describes.
    mutating func response(to request: BrowserRequest, outcome: ReplayOutcome) -> BrowserResponse {
        let error: APIError? = switch outcome {
        case .success: nil
        case .serverError: .httpStatus(code: 500, bodySnippet: "oops")
        case .offline: .transport(URLError(.notConnectedToInternet))
        case .cancelled: .cancelled
        case .throttled(let seconds): .throttled(until: now.addingTimeInterval(TimeInterval(seconds)))
        case .signedOut: .stackExchange(id: 402, name: "access_token_invalid", message: "expired")
        case .refused: .stackExchange(id: 400, name: "bad_parameter", message: "no")
        }
        let (size, more) = if case .success(let size, let more) = outcome { (size, more) } else { (0, false) }
        func result<T>(_ value: @autoclosure () -> T) -> Result<T, APIError> {
            if let error { return .failure(error) }
            return .success(value())
        }
        if let asked = request.as(BrowserRequest.Questions.self) {
            return .questions(result(Self.page(query: asked.query, page: asked.page, size: size, more: more)))
        }
        if let id = request.as(BrowserRequest.Detail.self)?.questionID {
            return .detail(result(Self.detail(id, answers: size, more: more)))
        }
        if let asked = request.as(BrowserRequest.Answers.self) {
            let (id, page) = (asked.questionID, asked.page)
            let answers = (0..<size).map { Self.answer(id * 1_000 + page * 100 + $0, question: id) }
            return .answers(result(Page(items: answers, hasMore: more)))
        }
        if let postIDs = request.as(BrowserRequest.Comments.self)?.postIDs {
            let n = nextNumber()
            let comments = postIDs.prefix(size).enumerated().map { offset, post in
                PostComment(commentID: n * 1_000 + offset, postID: post, creationDate: Self.t0, body: "comment \(offset)")
            }
            return .comments(result(Page(items: Array(comments), hasMore: false)))
        }
        if request.is(BrowserRequest.Sites.self) {
            return .sites(result(Self.sites))
        }
        if let vote = request.as(BrowserRequest.Vote.self)?.request {
            return .vote(result(PostVoteState(postID: vote.postID, score: size, upvoted: vote.vote == .upvote && !vote.undo)))
        }
        if let comment = request.as(BrowserRequest.AddComment.self)?.request {
            let n = nextNumber()
            return .comment(result(PostComment(commentID: n, postID: comment.postID, creationDate: now, body: comment.body)))
        }
        if request.is(BrowserRequest.Inbox.self) {
            let items = (0..<size).map { n in
                InboxItem(itemType: "comment", questionID: 1_000 + n, title: "item \(n)", creationDate: Self.t0,
                          isUnread: n % 2 == 0, site: InboxItem.ItemSite(apiSiteParameter: Self.site, name: "Stack Overflow"))
            }
            return .inbox(result(items))
        }
        if let check = request.as(BrowserRequest.PostState.self)?.request {
            return .postState(result(PostVoteState(postID: check.postID, score: size, upvoted: more)))
        }
        if let check = request.as(BrowserRequest.MyComments.self)?.request {
            let n = nextNumber()
            return .myComments(result(more ? [PostComment(commentID: n, postID: 1, creationDate: check.since, body: "mine")] : []))
        }
        // No watches in a replayed session (and no other kinds): an answer here is a stray, and fails.
        return .watch(.failure(error ?? .httpStatus(code: 500, bodySnippet: "no watches")))
    }

    static let sites = [
        Site(apiSiteParameter: "stackoverflow", name: "Stack Overflow"), Site(apiSiteParameter: "superuser", name: "Super User"),
        Site(apiSiteParameter: "unix", name: "Unix &amp; Linux"),
    ]

    static func question(_ id: Int) -> Question {
        var question = Fixtures.questions(1, from: id - 1_000)[0]
        question.answerCount = 150
        return question
    }

    /// Page `page` of `query`: `size` questions, overlapping the page before when `size` is over ten.
    static func page(query: QuestionsQuery, page: Int, size: Int, more: Bool) -> Page<Question> {
        Page(items: (0..<size).map { question(1_000 + (page - 1) * 10 + $0 + 1) }, hasMore: more, quotaRemaining: 200)
    }

    static func detail(_ id: Int, answers: Int, more: Bool) -> QuestionDetail {
        QuestionDetail(question: question(id), answers: (0..<answers).map { answer(id * 1_000 + $0, question: id) },
                       quotaRemaining: 200, answersHaveMore: more)
    }

    static func answer(_ id: Int, question: Int) -> Answer {
        Answer(answerID: id, questionID: question, score: id % 7, creationDate: t0, body: "<p>Answer \(id)</p><pre><code>let x = 1</code></pre>")
    }
}
