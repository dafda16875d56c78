@testable import Browser
import Foundation
import StackExchange
import StorePorts
import Testing

/// Writing as events and effects: `A`, `e` and `D`, the draft offered back, the editor's round, the preview, the
/// write clock, the post once, a write whose answer never came looked for, a new question's checks, and the screens
/// drawn. No runner, no I/O.
@MainActor
struct WritingModelTests {
    let t0 = Fixtures.now
    static let me = 4_567_038
    static let features = BrowserFeatures(comments: true, personal: true, account: true, writing: true)

    func sent(_ effects: [BrowserEffect]) -> [(token: RequestToken, request: BrowserRequest, lane: RequestPriority)] {
        effects.compactMap(\.sending)
    }

    func composed(_ effects: [BrowserEffect]) -> EditorJob? {
        for effect in effects { if case .compose(let job) = effect { return job } }
        return nil
    }

    func text(_ model: BrowserModel, width: Int = 100, height: Int = 30) -> String {
        BrowserRenderer.render(model, width: width, height: height).text
    }

    /// A signed-in model showing question 1007 (asked by me when `mine`), with an answer of mine (72) and one not (71).
    func showingQuestion(signedIn: Bool = true, mine: Bool = false) -> BrowserModel {
        var configuration = BrowserConfiguration(site: "stackoverflow")
        configuration.signedInAs = signedIn ? "bob" : nil
        configuration.signedInUserID = signedIn ? Self.me : nil
        var model = BrowserModel(configuration: configuration, features: Self.features, now: t0)
        _ = model.handle(.resize(width: 100, height: 30), at: t0)
        let start = sent(model.handle(.start, at: t0))
        let list = start.first { $0.request.is(BrowserRequest.Questions.self) }!.token
        var question = Fixtures.questions(1, from: 7)[0]
        question.owner = ShallowUser(userID: mine ? Self.me : 99, displayName: mine ? "bob" : "asker")
        _ = model.handle(.response(list, .questions(.success(Fixtures.page([question], hasMore: false)))), at: t0)
        let open = sent(model.handle(.key(.enter), at: t0)).first { $0.request == .detail(site: "stackoverflow", questionID: 1007) }!
        let answers = [
            Answer(answerID: 71, questionID: 1007, score: 5, creationDate: t0, owner: ShallowUser(userID: 99), body: "<p>first</p>"),
            Answer(answerID: 72, questionID: 1007, score: 2, creationDate: t0, owner: ShallowUser(userID: Self.me),
                   body: "<p>second</p>"),
        ]
        _ = model.handle(.response(open.token, .detail(.success(QuestionDetail(question: question, answers: answers)))), at: t0)
        return model
    }

    /// `A` on the question, no draft kept: the editor's job.
    func answering(_ model: inout BrowserModel) throws -> EditorJob {
        let effects = model.handle(.key(.character("A")), at: t0)
        #expect(effects.contains(.read(.editorDraft(site: "stackoverflow", target: .answer(questionID: 1007)))))
        return try #require(composed(model.handle(.stored(.editorDraft(nil, site: "stackoverflow",
                                                                      target: .answer(questionID: 1007))), at: t0)))
    }

    static let answerBody = "Use a **distinctive** loop here, it reads each line once and stops."

    /// The editor came back with the answer; the preview request it set off.
    func previewing(_ model: inout BrowserModel, job: EditorJob) throws -> (RequestToken, PostWriteRequest) {
        let effects = model.handle(.composed(job, .written(EditorSubmission(body: Self.answerBody), text: Self.answerBody,
                                                           draftNote: nil)), at: t0)
        let preview = try #require(sent(effects).first { $0.request.is(BrowserRequest.PostWrite.self) })
        #expect(preview.lane == .user)
        return (preview.token, try #require(preview.request.as(BrowserRequest.PostWrite.self)?.request))
    }

    func rendered(_ body: String) -> WrittenPost {
        WrittenPost(questionID: 1007, answerID: 0, body: "<p>Use a <strong>distinctive</strong> loop here</p>\n<pre><code>let x = 1\n</code></pre>",
                    bodyMarkdown: body, owner: ShallowUser(userID: Self.me, displayName: "bob"))
    }

    @Test func aSignedOutAnswerSaysHowToSignIn() {
        var model = showingQuestion(signedIn: false)
        let effects = model.handle(.key(.character("A")), at: t0)
        #expect(effects.isEmpty)
        #expect(model.state.notice?.contains("stackterm login") == true)
        #expect(model.state.notice?.contains("write_access") == true)
        #expect(model.state.stack.top == .detail)
    }

    @Test func answerOpensTheEditorOnTheQuestionThenPreviewsThenPostsOnce() throws {
        var model = showingQuestion()
        let job = try answering(&model)
        #expect(job.target == .answer(questionID: 1007) && !job.fromDraft)
        #expect(job.text.hasPrefix("<!-- stackterm:"), "the instructions block opens the file")
        #expect(model.state.stack.top == .writing)
        let (token, request) = try previewing(&model, job: job)
        #expect(request.preview && request.body == Self.answerBody)
        _ = model.handle(.response(token, .postWrite(.success(rendered(Self.answerBody)))), at: t0)
        let screen = text(model)
        #expect(screen.contains("p post") && screen.contains("distinctive"), "\(screen)")
        #expect(screen.contains("let x = 1"), "the preview's code block, laid out as the detail view lays it out")

        // `p`: the site's limits, then the data file's clock, then the write, once.
        let limits = try #require(sent(model.handle(.key(.character("p")), at: t0)).first)
        #expect(limits.request.is(BrowserRequest.WritePermissions.self))
        let clockRead = model.handle(.response(limits.token, .writePermissions(.success([
            WritePermission(objectType: "answer", maxDailyActions: 50, minSecondsBetweenActions: 30)]))), at: t0)
        #expect(clockRead == [.read(.writeClock(site: "stackoverflow"))])
        let posting = model.handle(.stored(.writeClock(WriteClock(), site: "stackoverflow")), at: t0)
        #expect(posting.contains(.write(.writeSent(site: "stackoverflow", kind: .answer, at: t0))))
        let post = try #require(sent(posting).first)
        #expect(post.request.as(BrowserRequest.PostWrite.self)?.request.preview == false)
        #expect(sent(model.handle(.key(.character("p")), at: t0)).isEmpty, "a second p while posting sends nothing")

        var landed = rendered(Self.answerBody)
        landed.answerID = 555
        landed.link = "https://stackoverflow.com/a/555"
        let after = model.handle(.response(post.token, .postWrite(.success(landed))), at: t0)
        #expect(after.contains(.forgetEditorDraft(site: "stackoverflow", target: .answer(questionID: 1007))))
        #expect(model.state.stack.top == .detail && model.state.writing == nil)
        #expect(sent(after).contains { $0.request == .detail(site: "stackoverflow", questionID: 1007) },
                "the question is read again: the answer shows")
        #expect(model.state.notice == "posted: https://stackoverflow.com/a/555")
    }

    @Test func theWriteClockRefusesEarlyWithTheTimeLeft() throws {
        var model = showingQuestion()
        let (token, _) = try previewing(&model, job: try answering(&model))
        _ = model.handle(.response(token, .postWrite(.success(rendered(Self.answerBody)))), at: t0)
        let limits = try #require(sent(model.handle(.key(.character("p")), at: t0)).first)
        _ = model.handle(.response(limits.token, .writePermissions(.success([
            WritePermission(objectType: "answer", maxDailyActions: 50, minSecondsBetweenActions: 30)]))), at: t0)
        var clock = WriteClock()
        clock.record(site: "stackoverflow", kind: .answer, at: t0.addingTimeInterval(-10))
        let effects = model.handle(.stored(.writeClock(clock, site: "stackoverflow")), at: t0)
        #expect(sent(effects).isEmpty, "nothing sent")
        #expect(model.state.notice?.contains("wait 20 seconds") == true, "\(model.state.notice ?? "")")
        if case .preview = model.state.writing?.phase {} else { Issue.record("still on the preview") }
    }

    @Test func aWriteWhoseAnswerNeverCameIsLookedForBeforeAnythingElse() throws {
        var model = showingQuestion()
        let (token, _) = try previewing(&model, job: try answering(&model))
        _ = model.handle(.response(token, .postWrite(.success(rendered(Self.answerBody)))), at: t0)
        let limits = try #require(sent(model.handle(.key(.character("p")), at: t0)).first)
        _ = model.handle(.response(limits.token, .writePermissions(.success([]))), at: t0)
        let post = try #require(sent(model.handle(.stored(.writeClock(WriteClock(), site: "stackoverflow")), at: t0)).first)
        let check = try #require(sent(model.handle(.response(post.token, .postWrite(.failure(.transport(URLError(.timedOut))))),
                                                   at: t0)).first)
        #expect(check.request.is(BrowserRequest.WriteCheck.self))
        #expect(sent(model.handle(.key(.character("p")), at: t0)).isEmpty, "nothing is sent again while it is looked for")
        _ = model.handle(.response(check.token, .writeCheck(.success([]))), at: t0)
        #expect(model.state.writing?.phase == .refused(["not posted: your draft is kept"]))
        #expect(model.state.notice == "not posted: your draft is kept")
    }

    @Test func aKeptDraftIsOfferedBack() throws {
        var model = showingQuestion()
        _ = model.handle(.key(.character("A")), at: t0)
        let draft = EditorDraft(site: "stackoverflow", target: .answer(questionID: 1007),
                                text: "<!-- stackterm:\n-->\nmy earlier words\n", updatedAt: t0.addingTimeInterval(-720))
        let effects = model.handle(.stored(.editorDraft(draft, site: "stackoverflow", target: draft.target)), at: t0)
        #expect(composed(effects) == nil, "the editor waits for the person's choice")
        let screen = text(model)
        #expect(screen.contains("A draft of 12 min ago"), "\(screen)")
        #expect(model.state.notice == "draft of 12 min ago: e edit it, d discard")
        #expect(screen.contains("e edit it") && screen.contains("d discard"), "\(screen)")
        #expect(screen.contains("my earlier words"))
        let job = try #require(composed(model.handle(.key(.character("e")), at: t0)))
        #expect(job.fromDraft && job.text == draft.text)
    }

    @Test func discardingTheOfferedDraftStartsAfresh() throws {
        var model = showingQuestion()
        _ = model.handle(.key(.character("A")), at: t0)
        let draft = EditorDraft(site: "stackoverflow", target: .answer(questionID: 1007), text: "old", updatedAt: t0)
        _ = model.handle(.stored(.editorDraft(draft, site: "stackoverflow", target: draft.target)), at: t0)
        let effects = model.handle(.key(.character("d")), at: t0)
        #expect(effects.contains(.forgetEditorDraft(site: "stackoverflow", target: draft.target)))
        let job = try #require(composed(effects))
        #expect(!job.fromDraft && job.text != "old")
    }

    @Test func aRefusalShowsTheSitesMessageWholeAndKeepsTheDraft() throws {
        var model = showingQuestion()
        let (token, _) = try previewing(&model, job: try answering(&model))
        let message = "This question is closed; it is not accepting answers."
        _ = model.handle(.response(token, .postWrite(.failure(.stackExchange(id: 407, name: "write_failed", message: message)))),
                         at: t0)
        #expect(text(model).contains("not accepting answers"), "\(text(model))")
        let effects = model.handle(.key(.character("k")), at: t0)
        #expect(!effects.contains { if case .forgetEditorDraft = $0 { true } else { false } }, "k keeps the draft")
        #expect(model.state.stack.top == .detail)
        #expect(model.state.notice?.contains("draft kept") == true)
    }

    @Test func anUnchangedFileCancelsAndSaysSo() throws {
        var model = showingQuestion()
        let job = try answering(&model)
        _ = model.handle(.composed(job, .cancelled("the file was not changed: nothing sent")), at: t0)
        #expect(model.state.stack.top == .detail && model.state.writing == nil)
        #expect(model.state.notice == "the file was not changed: nothing sent")
    }

    @Test func editIsOnlyForOnesOwnPostAndStartsFromItsMarkdown() throws {
        var model = showingQuestion()
        let refused = model.handle(.key(.character("e")), at: t0)
        #expect(refused.isEmpty, "the question is someone else's")
        #expect(model.state.notice?.contains("only your own posts") == true)
        _ = model.handle(.key(.character("J")), at: t0)
        _ = model.handle(.key(.character("J")), at: t0)
        #expect(model.currentPost?.postID == 72)
        let started = model.handle(.key(.character("e")), at: t0)
        #expect(started.first == .read(.writeFilter), "the writing filter is read first")
        _ = model.handle(.stored(.writeFilter("markdownfilter")), at: t0)
        let read = try #require(sent(model.handle(.stored(.editorDraft(nil, site: "stackoverflow", target: .editAnswer(answerID: 72))),
                                                  at: t0)).first)
        let markdown = try #require(read.request.as(BrowserRequest.PostMarkdown.self))
        #expect(markdown.stage == .beginEdit && markdown.request.postID == 72 && markdown.request.filter == "markdownfilter")
        var post = WrittenPost(questionID: 1007, answerID: 72, bodyMarkdown: "# My heading\n\nsecond &amp; more",
                               lastEditDate: t0.addingTimeInterval(-100))
        post.creationDate = t0.addingTimeInterval(-1000)
        let job = try #require(composed(model.handle(.response(read.token, .postMarkdown(.success([post]))), at: t0)))
        #expect(job.text.contains("# My heading\n\nsecond & more"), "\(job.text)")
        #expect(job.target == .editAnswer(answerID: 72))
    }

    @Test func askLooksTheTagsUpAndShowsTheQuestionsLikeIt() throws {
        var model = showingQuestion()
        _ = model.handle(.key(.escape), at: t0)
        #expect(model.state.stack.top == .list)
        _ = model.handle(.key(.character("A")), at: t0)
        let job = try #require(composed(model.handle(.stored(.editorDraft(nil, site: "stackoverflow", target: .question)), at: t0)))
        #expect(job.text.contains("Title: ") && job.text.contains("Tags: "))
        let submission = EditorSubmission(title: "How do I read a file line by line?", tags: ["python", "pythn3"],
                                          body: "I read lines in a loop and it never ends; what am I missing?")
        let lookups = sent(model.handle(.composed(job, .written(submission, text: "t", draftNote: nil)), at: t0))
        let similar = try #require(lookups.first { $0.request.is(BrowserRequest.Similar.self) })
        let tags = try #require(lookups.first { $0.request.is(BrowserRequest.TagsInfo.self) })
        #expect(lookups.allSatisfy { !$0.request.is(BrowserRequest.PostWrite.self) }, "nothing is sent before the checks")
        let search = try #require(sent(model.handle(.response(tags.token, .tagsInfo(.success([TagInfo(name: "python", count: 9)]))),
                                                    at: t0)).first)
        #expect(search.request.as(BrowserRequest.TagSearch.self)?.request.inName == "pythn")
        var like = Fixtures.questions(6, from: 100)
        like[0].title = "Reading a file line by line in Python"
        _ = model.handle(.response(similar.token, .similar(.success(like))), at: t0)
        #expect(model.state.writing?.phase == .checking, "still waiting for the nearest tags")
        _ = model.handle(.response(search.token, .tagSearch(.success([TagInfo(name: "python-3.x", count: 5)]))), at: t0)
        #expect(model.state.writing?.phase == .maybeAsked)
        #expect(model.state.writing?.similar.count == 5, "up to 5")
        let screen = text(model)
        #expect(screen.contains("“pythn3” is not on stackoverflow") && screen.contains("python-3.x"), "\(screen)")
        #expect(screen.contains("Maybe already asked:") && screen.contains("Reading a file line by line in Python"), "\(screen)")
        _ = model.handle(.key(.enter), at: t0)
        #expect(model.state.stack.top == .detail && model.state.detail?.questionID == like[0].questionID,
                "Enter opens the question like it")
        #expect(model.state.stack.contains(.writing), "the text waits under it")
    }

    @Test func theDraftsScreenListsEditsAgainAndDiscards() throws {
        var model = showingQuestion()
        _ = model.handle(.key(.escape), at: t0)
        let effects = model.handle(.key(.character("D")), at: t0)
        #expect(effects == [.read(.editorDrafts)])
        let drafts = [
            EditorDraft(site: "stackoverflow", target: .answer(questionID: 1007), text: "first words of it\n", updatedAt: t0),
            EditorDraft(site: "superuser", target: .question, text: "<!-- stackterm:\n-->\nTitle: A question title\nTags: x\n\nbody\n",
                        updatedAt: t0.addingTimeInterval(-3_600)),
        ]
        _ = model.handle(.stored(.editorDrafts(drafts)), at: t0)
        let screen = text(model)
        #expect(screen.contains("answer to question 1007") && screen.contains("first words of it"), "\(screen)")
        #expect(screen.contains("superuser") && screen.contains("A question title"), "\(screen)")
        _ = model.handle(.key(.down), at: t0)
        let discarded = model.handle(.key(.character("d")), at: t0)
        #expect(discarded.contains(.forgetEditorDraft(site: "superuser", target: .question)))
        #expect(model.state.drafts.drafts.count == 1)
        let job = try #require(composed(model.handle(.key(.enter), at: t0)))
        #expect(job.fromDraft && job.text == "first words of it\n" && job.site == "stackoverflow")
        #expect(model.state.stack.top == .writing)
    }

    @Test func theKeysAreInTheTableOnTheirScreens() {
        let keymap = Keymap()
        #expect(keymap.action(for: .character("A"), on: .detail) == .answer)
        #expect(keymap.action(for: .character("e"), on: .detail) == .edit)
        #expect(keymap.action(for: .character("A"), on: .list) == .ask)
        #expect(keymap.action(for: .character("D"), on: .list) == .drafts)
        #expect(keymap.action(for: .character("p"), on: .writing) == .post)
        #expect(keymap.action(for: .character("e"), on: .writing) == .edit)
        #expect(keymap.action(for: .character("k"), on: .writing) == .keepDraft)
        #expect(keymap.action(for: .character("d"), on: .writing) == .discard)
    }
}
