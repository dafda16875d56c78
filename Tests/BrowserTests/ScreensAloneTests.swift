@testable import Browser
import Foundation
import StackExchange
import StorePorts
import Testing

/// Each screen driven alone, with nothing but its own state and a `ScreenContext`: what it shares with the others
/// is the context, and a move to another screen comes back as a `ScreenTransition` for the model, never done by the
/// screen itself.
struct ScreensAloneTests {
    let t0 = Fixtures.now

    func context(signedIn: Bool = true) -> ScreenContext {
        var context = ScreenContext(
            configuration: BrowserConfiguration(site: "stackoverflow"),
            features: BrowserFeatures(siteList: true, comments: true, personal: true, account: true), now: t0)
        context.height = 24
        if signedIn { context.status.account = .signedIn(name: "bob") }
        return context
    }

    @Test func thePickerAsksForTheSitesAndHandsTheChoiceToTheModel() throws {
        var context = context()
        var screen = SitePickerScreen()
        let sent = screen.open(currentSite: "stackoverflow", in: &context)
        guard case .send(let token, .sites, .user)? = sent.first else { Issue.record("sent \(sent)"); return }
        #expect(context.ledger.entries[token]?.purpose == .sitePicker)
        let sites = [Site(apiSiteParameter: "stackoverflow", name: "Stack Overflow"), Site(apiSiteParameter: "unix", name: "Unix & Linux")]
        screen.receive(.success(sites), in: &context)
        _ = screen.handle(.character("u"), in: &context)
        let reply = screen.handle(.enter, in: &context)
        #expect(reply.transition == .browseSite(sites[1]), "the model browses the site; the picker does not")
        #expect(screen.picker == nil, "the picker closed")
        #expect(context.ledger.entries.isEmpty)
    }

    @Test func aFailedSiteListIsSaidInTheSharedStatus() {
        var context = context()
        var screen = SitePickerScreen()
        _ = screen.open(currentSite: "stackoverflow", in: &context)
        let error = APIError.httpStatus(code: 500, bodySnippet: "oops")
        screen.receive(.failure(error), in: &context)
        #expect(context.lastError == error.message)
        #expect(screen.picker?.phase == .failed(error.message))
    }

    @Test func anInboxItemOpensItsQuestionThroughTheModelOnItsOwnSite() {
        var context = context()
        var inbox = InboxState()
        let effects = inbox.open(site: "stackoverflow", in: &context)
        #expect(effects.count == 1 && context.ledger.isAwaiting(.inbox))
        let item = InboxItem(itemType: "comment", questionID: 42, title: "Question 42", creationDate: t0, isUnread: true,
                             site: .init(apiSiteParameter: "unix", name: "Unix &amp; Linux"))
        guard case .send(let token, let request, _)? = effects.first,
              let entry = context.ledger.answer(token, at: t0, succeeded: true)
        else { Issue.record("no inbox request in \(effects)"); return }
        _ = inbox.receive(.success([item]), for: entry.request, in: &context)
        #expect(request == .inbox(unreadOnly: false, site: "stackoverflow"))
        #expect(inbox.unreadCount == 1)
        let reply = inbox.perform(.open, site: "stackoverflow", in: &context)
        guard case .openQuestion(let question, let site)? = reply.transition else {
            Issue.record("no question opened: \(reply)")
            return
        }
        #expect(question.questionID == 42 && site == "unix")
        #expect(inbox.unreadCount == 0, "opened is read")
        #expect(context.status.siteNames["unix"] == "Unix & Linux", "the status bar can name the item's site")
    }

    @Test func theInboxSaysWhyNotWhenSignedOut() {
        var context = context(signedIn: false)
        let inbox = InboxState()
        #expect(!inbox.mayOpen(in: &context))
        #expect(context.status.messages.notice?.text == "sign in to read the inbox: stackterm login")
        #expect(context.status.messages.notice?.kind == .warning)
    }

    @Test func theListAsksTheModelToOpenAQuestionAPromptOrAMark() {
        var context = context()
        var list = ListScreen(list: ListState(query: QuestionsQuery(site: "stackoverflow", tags: ["swift"])))
        let sent = list.loadPage(1, in: &context)
        guard let first = sent.first?.sending, first.request.as(BrowserRequest.Questions.self)?.page == 1, first.lane == .user,
              case let token = first.token,
              let entry = context.ledger.answer(token, at: t0, succeeded: true)
        else { Issue.record("sent \(sent)"); return }
        let questions = Fixtures.questions(3)
        _ = list.receivePage(.success(Fixtures.page(questions, hasMore: false)), entry: entry, in: &context)
        #expect(list.list.rows.count == 3)
        _ = list.perform(.moveDown, in: &context)
        #expect(list.perform(.open, in: &context).transition == .openListedQuestion(questions[1], site: "stackoverflow"))
        // A click on the selected row is Enter: the same transition, from the one place that opens a row.
        let selectedRow = ListView.headerRows + list.list.selection - list.list.scrollOffset
        #expect(list.click(row: selectedRow, in: &context).transition == .openListedQuestion(questions[1], site: "stackoverflow"))
        #expect(list.perform(.filterTag, in: &context).transition == .openPrompt(.tag, text: "swift"))
        #expect(list.perform(.toggleRead, in: &context).transition == .toggleRead(questions[1], site: "stackoverflow"))
        #expect(list.perform(.quit, in: &context).transition == .quit)
    }

    @Test func aFilterAppliedOverTheListIsLeftByBack() {
        var context = context()
        var list = ListScreen(list: ListState(query: QuestionsQuery(site: "stackoverflow")))
        _ = list.apply("swift ios", for: .tag, in: &context)
        #expect(list.list.query.tags == ["swift", "ios"])
        #expect(list.trail.count == 1)
        #expect(context.ledger.isAwaiting(.listPage(page: 1)))
        let back = list.perform(.back, in: &context)
        #expect(list.list.query.tags.isEmpty && list.trail.isEmpty)
        #expect(back.effects.contains { if case .cancel = $0 { true } else { false } }, "the filtered list's load is cancelled")
    }

    @Test func thePromptTellsWhatWasAppliedAndKeepsTheHistory() {
        var prompts = PromptScreen()
        prompts.open(.search, text: "")
        for character in "swift" { _ = prompts.handle(.character(character), keymap: Keymap()) }
        let edit = prompts.handle(.enter, keymap: Keymap())
        #expect(edit == PromptScreen.Edit(kind: .search, outcome: .applied("swift"), text: "swift", recorded: true))
        #expect(prompts.prompt == nil)
        #expect(prompts.history.entries(for: .search) == ["swift"])
        prompts.open(.search, text: "")
        #expect(prompts.handle(.escape, keymap: Keymap())?.outcome == .cancelled)
        #expect(prompts.prompt == nil)
    }

    @Test func theStatusAScreenSaysThroughIsTheOneTheStatusBarShows() {
        var model = BrowserModel(configuration: BrowserConfiguration(site: "stackoverflow"), now: t0)
        model.state.notice = "before"
        let lent = model.withScreen(\.inbox) { _, context -> String? in
            let seen = context.notice
            context.notice = "said by the screen"
            return seen
        }
        #expect(lent == "before", "the screen sees what the status bar shows")
        #expect(model.state.notice == "said by the screen", "and what it says shows")
        #expect(model.context.status == model.state.status, "one value: the context's status is the state's")
    }

    /// The watch screen alone: Enter on a watch hands its new items to the model as a list to show, and the list
    /// shows them in its place until back, which asks for the `W` screen again.
    @Test func theWatchScreenHandsItsItemsToTheListAsATransition() {
        var context = context()
        var watch = WatchState()
        let rust = WatchEntry(site: "stackoverflow", kind: .tag, subject: "rust", since: t0)
        watch.entries = [rust]
        let item = WatchedItem(
            site: "stackoverflow", kind: .question, id: 7, questionID: 7, title: "New", link: "", createdAt: t0, watch: "[rust]")
        watch.unseen = [item]
        let reply = watch.perform(.open, defaultSite: "stackoverflow", in: &context)
        guard case .showWatchedItems(let rows, let notice)? = reply.transition else { Issue.record("\(reply)"); return }
        #expect(rows.map(\.questionID) == [7])
        #expect(notice.hasPrefix("new in [rust]"))
        var list = ListScreen(list: ListState(query: QuestionsQuery(site: "stackoverflow")))
        _ = list.showWatchedItems(rows, notice: notice, in: &context)
        #expect(list.list.rows.map(\.questionID) == [7])
        #expect(list.perform(.open, in: &context).transition == .openListedQuestion(rows[0].question, site: "stackoverflow"))
        #expect(list.perform(.back, in: &context).transition == .openWatches)
        #expect(list.listUnderWatchedItems == nil && list.list.rows.isEmpty)
        #expect(watch.markSeen(site: "stackoverflow", questionID: 7) == [.write(.watch(.markSeen([item])))])
        #expect(watch.unseen.isEmpty)
    }
}
