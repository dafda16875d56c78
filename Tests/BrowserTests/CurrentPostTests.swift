@testable import Browser
import Foundation
import StackExchange
import Testing

/// The current post is the one you see (issue 26, point 4): the post holding the top visible line, named at the
/// top when its header is scrolled away; votes, comments and `Y` act on it and say which; comments shown or hidden
/// leave it where it was. No runner, no I/O: events in, effects and screens out.
@MainActor
struct CurrentPostTests {
    let t0 = Fixtures.now
    static let features = BrowserFeatures(comments: true, personal: true, account: true, commentDrafts: true, inboxStore: true)
    static let authors = ["ann", "ben", "cat", "dan", "sven"]

    /// Five answers by `authors` (highest score first, so shown in that order), answer `n` with `paragraphs[n]`
    /// paragraphs, each ending in a one-line code block of its own.
    static func detail(
        paragraphs: [Int] = [12, 12, 12, 12, 12], authors: [String] = authors, tail: String = ""
    ) -> QuestionDetail {
        var question = Fixtures.questions(1, from: 7)[0]
        question.body = (1...6).map { "<p>Question paragraph \($0).</p>" }.joined()
        question.answerCount = paragraphs.count
        let answers = paragraphs.enumerated().map { index, count in
            Answer(answerID: 71 + index, questionID: question.questionID, score: 50 - index, creationDate: Fixtures.now,
                   owner: ShallowUser(displayName: authors[index]),
                   body: (1...count).map { "<p>Answer \(index + 1) paragraph \($0).\(tail)</p>" }.joined()
                       + "<pre><code>code of answer \(index + 1)\n</code></pre>")
        }
        return QuestionDetail(question: question, answers: answers)
    }

    func sent(_ effects: [BrowserEffect]) -> [(token: RequestToken, request: BrowserRequest)] {
        effects.compactMap { effect in
            if case .send(let token, let request, _) = effect { return (token, request) }
            return nil
        }
    }

    /// A signed-in model at `width`×`height` showing `detail`.
    func showing(_ detail: QuestionDetail, width: Int = 80, height: Int = 24) -> BrowserModel {
        var configuration = BrowserConfiguration(site: "stackoverflow")
        configuration.signedInAs = "bob"
        var model = BrowserModel(configuration: configuration, features: Self.features, now: t0)
        _ = model.handle(.resize(width: width, height: height), at: t0)
        let list = sent(model.handle(.start, at: t0)).first { $0.request.is(BrowserRequest.Questions.self) }!.token
        _ = model.handle(.response(list, .questions(.success(Fixtures.page([detail.question], hasMore: false)))), at: t0)
        let open = sent(model.handle(.key(.enter), at: t0)).first { $0.request.is(BrowserRequest.Detail.self) }!
        _ = model.handle(.response(open.token, .detail(.success(detail))), at: t0)
        return model
    }

    func document(_ model: BrowserModel) throws -> DetailDocument {
        let detail = try #require(model.state.detail)
        return try #require(model.layouts.document(for: detail, width: model.width, now: t0))
    }

    func rows(_ model: BrowserModel) -> [String] {
        let buffer = BrowserRenderer.render(model, width: model.width, height: model.height)
        return (0..<model.height).map { buffer.text(ofRow: $0).trimmingCharacters(in: .whitespaces) }
    }

    func vote(in effects: [BrowserEffect]) -> (RequestToken, VoteRequest)? {
        for (token, request) in sent(effects) { if let vote = request.as(BrowserRequest.Vote.self)?.request { return (token, vote) } }
        return nil
    }

    @Test func theTopLineDecidesTheCurrentPostAndTheBlankAboveAHeaderIsTheAnswersBelow() throws {
        var model = showing(Self.detail())
        let document = try document(model)
        for (index, header) in document.answerLineIndices.enumerated() {
            model.state.detail?.scroll = header - 1
            #expect(model.currentPost?.postID == 71 + index, "the blank line above answer \(index + 1)'s header")
            model.state.detail?.scroll = header - 2
            #expect(model.currentPost?.postID == (index == 0 ? 1007 : 70 + index), "the last line of the post before")
            #expect(model.currentPost?.isQuestion == (index == 0))
        }
    }

    @Test func afterGAVoteGoesToTheAnswerAtTheTopNeverOneOffScreen() throws {
        // The screen is exactly as tall as the last answer with the blank line above its header: after G the top
        // line is that blank line, and the answer before it is wholly off screen.
        let probe = showing(Self.detail())
        let last = try document(probe).lines(ofPost: 5).count
        var model = showing(Self.detail(), height: last + 1)
        _ = model.handle(.key(.character("G")), at: t0)
        let screen = rows(model)
        #expect(screen[0].isEmpty && screen[1].hasPrefix("── Answer 5 of 5"), "\(screen)")
        #expect(!screen.contains { $0.contains("Answer 4") })
        let up = try #require(vote(in: model.handle(.key(.character("+")), at: t0)))
        #expect(up.1.postID == 75 && !up.1.isQuestion, "the answer on screen, not answer 4 above it")
        #expect(model.state.notice == "upvoting answer by sven…")
        _ = model.handle(.response(up.0, .vote(.success(PostVoteState(postID: 75, score: 47, upvoted: true)))), at: t0)
        #expect(model.state.notice == "upvoted answer by sven")
    }

    @Test func theStickyHeaderNamesThePostWhoseHeaderIsScrolledAwayAndVotesGoThere() throws {
        // Answer 5 is short: after G the top of the screen is inside answer 4, whose header is above it.
        var model = showing(Self.detail(paragraphs: [12, 12, 12, 12, 1]))
        _ = model.handle(.key(.character("G")), at: t0)
        let document = try document(model)
        let detail = try #require(model.state.detail)
        #expect(document.post(at: detail.scroll) == 4)
        let screen = rows(model)
        #expect(screen[0].hasPrefix("▶ Answer 4 of 5 · dan ─"), "\(screen[0])")
        #expect(screen[1] == document.lines[detail.scroll].text.trimmingCharacters(in: .whitespaces), "the document a row lower")
        #expect(screen[model.height - 2] == document.lines.last?.text.trimmingCharacters(in: .whitespaces), "its end still shows")
        let header = try #require(screen.firstIndex { $0.hasPrefix("── Answer 5 of 5") })
        #expect(!screen[header].hasSuffix("◀"), "answer 5 shows, but the top of the screen is answer 4's")
        let down = try #require(vote(in: model.handle(.key(.character("-")), at: t0)))
        #expect(down.1.postID == 74)
        _ = model.handle(.response(down.0, .vote(.success(PostVoteState(postID: 74, score: 46, downvoted: true)))), at: t0)
        #expect(model.state.notice == "downvoted answer by dan")
        #expect(rows(model)[0].hasPrefix("▶ Answer 4 of 5 · ▼ 46 · dan"), "your vote where you look")
        // J brings answer 5's header to the top as far as the end allows: it is current, marked beside its header.
        _ = model.handle(.key(.character("J")), at: t0)
        #expect(model.currentPost?.postID == 75)
        let pinned = rows(model)
        #expect(pinned.first { $0.hasPrefix("── Answer 5 of 5") }?.hasSuffix("◀") == true)
        #expect(!pinned[0].hasPrefix("▶"), "the top row is answer 4's, not the current post")
    }

    @Test func aVoteThatReordersTheAnswersLeavesTheVotedPostWhereItWas() throws {
        var model = showing(Self.detail())
        for _ in 0..<3 { _ = model.handle(.key(.character("J")), at: t0) }
        for _ in 0..<3 { _ = model.handle(.key(.character("j")), at: t0) }
        let before = rows(model)
        #expect(before[0].hasPrefix("▶ Answer 3 of 5 · cat"))
        let up = try #require(vote(in: model.handle(.key(.character("+")), at: t0)))
        #expect(up.1.postID == 73)
        // Its new score puts it first: the answers are shown by score, and the post being read stays in place.
        _ = model.handle(.response(up.0, .vote(.success(PostVoteState(postID: 73, score: 60, upvoted: true)))), at: t0)
        let after = rows(model)
        #expect(after[0].hasPrefix("▶ Answer 1 of 5 · ▲ 60 · cat"), "\(after[0])")
        #expect(Array(after[1..<6]) == Array(before[1..<6]))
        #expect(model.currentPost?.postID == 73)
    }

    @Test func aReloadThatReordersTheAnswersLeavesThePostBeingReadWhereItWas() throws {
        var model = showing(Self.detail())
        for _ in 0..<3 { _ = model.handle(.key(.character("J")), at: t0) }
        for _ in 0..<3 { _ = model.handle(.key(.character("j")), at: t0) }
        let before = rows(model)
        let later = t0.addingTimeInterval(120)
        let reload = try #require(sent(model.handle(.key(.character("r")), at: later)).first { $0.request.is(BrowserRequest.Detail.self) })
        var fresh = Self.detail()
        fresh.answers[2].score = 99
        _ = model.handle(.response(reload.token, .detail(.success(fresh))), at: later)
        let after = rows(model)
        #expect(after[0].hasPrefix("▶ Answer 1 of 5 · cat"), "\(after[0])")
        #expect(Array(after[1..<6]) == Array(before[1..<6]))
        #expect(model.currentPost?.postID == 73)
    }

    @Test func aResizeKeepsThePostBeingReadAtTheTop() throws {
        // Each paragraph takes one line at 120 columns and two at 40.
        let detail = Self.detail(tail: " It goes on for a while, so that a narrow screen wraps it.")
        var model = showing(detail, width: 120, height: 40)
        for _ in 0..<3 { _ = model.handle(.key(.character("J")), at: t0) }
        for _ in 0..<6 { _ = model.handle(.key(.character("j")), at: t0) }
        #expect(rows(model)[0].hasPrefix("▶ Answer 3 of 5 · cat"))
        _ = model.handle(.resize(width: 40, height: 24), at: t0)
        #expect(model.currentPost?.postID == 73)
        #expect(rows(model)[0].hasPrefix("▶ Answer 3 of 5 · cat"), "\(rows(model)[0])")
        _ = model.handle(.resize(width: 120, height: 40), at: t0)
        #expect(rows(model)[0].hasPrefix("▶ Answer 3 of 5 · cat"))
        #expect(rows(model)[1].hasPrefix("Answer 3 paragraph 3."), "back where it was: \(rows(model)[1])")
    }

    @Test func theQuestionsStickyHeaderCarriesItsTitle() {
        var model = showing(Self.detail())
        _ = model.handle(.key(.character("j")), at: t0)
        _ = model.handle(.key(.character("j")), at: t0)
        let screen = rows(model)
        #expect(screen[0].hasPrefix("▶ Question · "), "\(screen[0])")
        #expect(screen[0].contains(Self.detail().question.plainTitle.prefix(20)))
        _ = model.handle(.key(.character("g")), at: t0)
        #expect(!rows(model)[0].hasPrefix("▶"), "the title itself at the top: no sticky header")
    }

    func comments(for detail: QuestionDetail) -> [PostComment] {
        ([detail.question.questionID] + detail.answers.map(\.answerID)).flatMap { post in
            (1...3).map { number in
                PostComment(commentID: post * 10 + number, postID: post, score: 0, creationDate: Fixtures.now,
                            owner: ShallowUser(displayName: "critic\(number)"), body: "Comment \(number) on post \(post).")
            }
        }
    }

    @Test func showingOrHidingCommentsKeepsTheCurrentPostsFirstVisibleLineInPlace() throws {
        let detail = Self.detail()
        var model = showing(detail)
        for _ in 0..<3 { _ = model.handle(.key(.character("J")), at: t0) }
        for _ in 0..<4 { _ = model.handle(.key(.character("j")), at: t0) }
        #expect(model.currentPost?.postID == 73)
        let before = rows(model)
        #expect(before[0].hasPrefix("▶ Answer 3 of 5 · cat"))
        let effects = model.handle(.key(.character("c")), at: t0)
        let request = try #require(sent(effects).first { $0.request.is(BrowserRequest.Comments.self) })
        _ = model.handle(.response(request.token, .comments(.success(Page(items: comments(for: detail), hasMore: false)))), at: t0)
        let shown = rows(model)
        #expect(try document(model).lines.contains { $0.text.contains("Comment 1 on post 1007") }, "the comments are laid out")
        #expect(Array(shown[0..<6]) == Array(before[0..<6]), "answer 3's lines stay on their rows")
        #expect(model.currentPost?.postID == 73)
        _ = model.handle(.key(.character("c")), at: t0)
        #expect(Array(rows(model)[0..<6]) == Array(before[0..<6]), "hidden again: still in place")
        _ = model.handle(.key(.character("C")), at: t0)
        #expect(model.state.commentEditor?.postID == 73)
        #expect(rows(model).contains { $0.hasPrefix("comment on answer by cat · 0/15 min") })
    }

    @Test func commentsShownWhileAPostIsPinnedKeepItsHeaderOnItsRow() throws {
        let detail = Self.detail(paragraphs: [12, 12, 12, 12, 1])
        var model = showing(detail)
        _ = model.handle(.key(.character("G")), at: t0)
        _ = model.handle(.key(.character("J")), at: t0)
        let headerRow = try #require(rows(model).firstIndex { $0.hasPrefix("── Answer 5 of 5") })
        let effects = model.handle(.key(.character("c")), at: t0)
        let request = try #require(sent(effects).first { $0.request.is(BrowserRequest.Comments.self) })
        _ = model.handle(.response(request.token, .comments(.success(Page(items: comments(for: detail), hasMore: false)))), at: t0)
        #expect(model.currentPost?.postID == 75)
        #expect(rows(model).firstIndex { $0.hasPrefix("── Answer 5 of 5") } == headerRow)
    }

    @Test func theCommentEditorNamesThePostAndCountsToTheMinimumWhileTyping() {
        var model = showing(Self.detail())
        for _ in 0..<2 { _ = model.handle(.key(.character("J")), at: t0) }
        _ = model.handle(.key(.character("C")), at: t0)
        func rule() -> String? { rows(model).first { $0.hasPrefix("comment on") } }
        #expect(rule() == "comment on answer by ben · 0/15 min · Enter preview · Esc keep draft", "80 columns: the hint fits")
        for character in "twelve chars" { _ = model.handle(.key(.character(character)), at: t0) }
        #expect(rule()?.contains("· 12/15 min ·") == true)
        for character in "!!!" { _ = model.handle(.key(.character(character)), at: t0) }
        #expect(rule()?.contains("· 15/600 ✓ ·") == true)
        _ = model.handle(.resize(width: 120, height: 40), at: t0)
        #expect(rule() == "comment on answer by ben · 15/600 ✓ · Enter preview · Esc keep draft · Alt-Enter new line")
    }

    @Test func theEditorsHintKeepsWhatMattersMostWhenItCannotAllFit() {
        let keys = ["Enter preview", "Esc keep draft", "Alt-Enter new line"]
        #expect(CommentEditorView.ruleText(target: "answer by sven", count: "3/15 min", keys: keys, width: 80)
            == " comment on answer by sven · 3/15 min · Enter preview · Esc keep draft ")
        #expect(CommentEditorView.ruleText(target: "answer by sven", count: "3/15 min", keys: keys, width: 60)
            == " comment on answer by sven · 3/15 min · Enter preview ")
        #expect(CommentEditorView.ruleText(target: "answer by a-very-long-display-name", count: "3/15 min", keys: keys, width: 66)
            == " comment on answer by a-very-long-display-name · 3/15 min ")
        #expect(CommentEditorView.countText(0) == "0/15 min")
        #expect(CommentEditorView.countText(600) == "600/600 ✓")
        #expect(CommentEditorView.countText(601) == "601/600 max")
    }

    @Test func thePreviewShowsOneParagraphAndSaysWhyWhenTheTextHadLineBreaks() {
        #expect(CommentEditorView.previewLine(rendered: "first line second <code>line</code>", typed: "first line\nsecond `line`")
            == "as it will show (one paragraph: comments keep no line breaks): first line second line")
        #expect(CommentEditorView.previewLine(rendered: "one line\nkept", typed: "one line kept")
            == "as it will show: one line kept")
    }

    @Test func thePreviewWrapsAtWords() {
        #expect(CommentEditorView.wrapAtWords("short one and longer second line", width: 16)
            == ["short one and", "longer second", "line"])
    }

    @Test func aCommentPostedIsNamedAfterItsPost() throws {
        var model = showing(Self.detail())
        _ = model.handle(.key(.character("J")), at: t0)
        _ = model.handle(.key(.character("C")), at: t0)
        for character in "A remark long enough" { _ = model.handle(.key(.character(character)), at: t0) }
        let preview = try #require(sent(model.handle(.key(.enter), at: t0)).first)
        let rendered = PostComment(commentID: 0, postID: 71, creationDate: t0, body: "A remark long enough")
        _ = model.handle(.response(preview.token, .comment(.success(rendered))), at: t0)
        let post = try #require(sent(model.handle(.key(.character("y")), at: t0)).first)
        var posted = rendered
        posted.commentID = 901
        _ = model.handle(.response(post.token, .comment(.success(posted))), at: t0)
        #expect(model.state.notice == "comment posted on answer by ann")
    }

    @Test func capitalYCopiesTheCurrentPostsCodeAndSaysWhose() throws {
        var model = showing(Self.detail())
        _ = model.handle(.key(.character("J")), at: t0)
        _ = model.handle(.key(.character("J")), at: t0)
        let copies = model.handle(.key(.character("Y")), at: t0).compactMap { effect -> String? in
            if case .copy(let text, let confirmation) = effect { return text + "|" + confirmation }
            return nil
        }
        #expect(copies == ["code of answer 2|copied 1 line from answer by ben"])
    }

    @Test func twoAnswersByOnePersonAreToldApartByNumber() throws {
        var model = showing(Self.detail(authors: ["ann", "sven", "cat", "sven", "dan"]))
        for _ in 0..<4 { _ = model.handle(.key(.character("J")), at: t0) }
        _ = try #require(vote(in: model.handle(.key(.character("+")), at: t0)))
        #expect(model.state.notice == "upvoting answer 4 by sven…")
    }
}
