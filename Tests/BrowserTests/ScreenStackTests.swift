@testable import Browser
import Foundation
import StackExchange
import Testing

/// Which screen shows is one value, the `ScreenStack`: its top takes the keys, names the screen in `frameInfo`,
/// says which keymap reads them and what the help lists; the help is a screen pushed over any other, and Esc takes
/// the top one off.
@MainActor
struct ScreenStackTests {
    let t0 = Fixtures.now
    static let features = BrowserFeatures(siteList: true, comments: true, personal: true, account: true, inboxStore: true)

    /// A screen opened from the list, with what the model should say of it.
    struct Case: CustomStringConvertible, Sendable {
        let keys: [Key]
        let screen: Screen
        let keymap: KeymapScreen
        let help: HelpContext
        /// The key that opens the help there: the picker types `?` into its filter, so it takes F1.
        var helpKey: Key = .character("?")
        var description: String { screen.name }
    }

    nonisolated static let cases: [Case] = [
        Case(keys: [], screen: .list, keymap: .list, help: .list),
        Case(keys: [.enter], screen: .detail, keymap: .detail, help: .detail),
        Case(keys: [.character("i")], screen: .inbox, keymap: .list, help: .inbox),
        Case(keys: [.character("W")], screen: .watches, keymap: .list, help: .list),
        Case(keys: [.character("S")], screen: .sitePicker, keymap: .sitePicker, help: .sitePicker, helpKey: .function(1)),
        Case(keys: [.character("M")], screen: .messages, keymap: .list, help: .list),
    ]

    /// A signed-in model showing a list of three questions.
    func listShowing() -> BrowserModel {
        var configuration = BrowserConfiguration(site: "stackoverflow")
        configuration.signedInAs = "bob"
        var model = BrowserModel(configuration: configuration, features: Self.features, now: t0)
        _ = model.handle(.resize(width: 100, height: 30), at: t0)
        let start = model.handle(.start, at: t0)
        for case .send(let token, let request, _) in start where request.is(BrowserRequest.Questions.self) {
            _ = model.handle(.response(token, .questions(.success(Fixtures.page(Fixtures.questions(3), hasMore: false)))), at: t0)
        }
        return model
    }

    func press(_ keys: [Key], on model: inout BrowserModel) -> [BrowserEffect] {
        keys.flatMap { model.handle(.key($0), at: t0) }
    }

    @Test func theStackKeepsTheListAtTheBottomAndEachScreenOnce() {
        var stack = ScreenStack()
        #expect(stack.screens == [.list] && stack.top == .list)
        stack.push(.inbox)
        stack.push(.detail)
        stack.push(.help)
        #expect(stack.screens == [.list, .inbox, .detail, .help])
        #expect(stack.base == .detail, "the help is drawn over the question")
        stack.push(.inbox)
        #expect(stack.screens == [.list, .detail, .help, .inbox], "opening a screen that shows brings it to the top")
        stack.remove(.detail)
        #expect(stack.screens == [.list, .help, .inbox], "a screen under others can close")
        stack.pop()
        stack.pop()
        stack.pop()
        stack.remove(.list)
        stack.push(.list)
        #expect(stack.screens == [.list], "the list never leaves, nor is pushed twice")
    }

    @Test(arguments: cases)
    func eachScreenNamesItselfAndReadsItsOwnKeys(_ screen: Case) {
        var model = listShowing()
        _ = press(screen.keys, on: &model)
        #expect(model.state.stack.top == screen.screen)
        #expect(model.state.screenName == screen.screen.name)
        #expect(model.keymapScreen == screen.keymap)
        #expect(model.helpContext == screen.help)
    }

    @Test func theInboxOverTheListIsNamedTheInbox() {
        var model = listShowing()
        _ = press([.character("i")], on: &model)
        #expect(model.state.screenName == "inbox")
        let frame = model.handle(.key(.character("j")), at: t0)
        #expect(model.state.stack.screens == [.list, .inbox], "its keys go to it: \(frame)")
    }

    @Test(arguments: cases)
    func theHelpIsAScreenOverEachScreenAndEscClosesItAlone(_ screen: Case) {
        var model = listShowing()
        _ = press(screen.keys, on: &model)
        let under = model.state.stack.screens
        _ = press([screen.helpKey], on: &model)
        #expect(model.state.stack.screens == under + [.help])
        #expect(model.state.screenName == "help")
        #expect(model.helpContext == screen.help, "the help lists the keys of the screen under it")
        let drawn = BrowserRenderer.render(model, width: 100, height: 30)
        #expect((0..<30).contains { drawn.text(ofRow: $0).contains("keys: \(screen.help.rawValue)") })
        _ = press([.character("j")], on: &model)
        #expect(model.state.stack.screens == under + [.help], "a move scrolls the help, and nothing under it")
        _ = press([.escape], on: &model)
        #expect(model.state.stack.screens == under, "Esc closes the help and only the help")
        #expect(model.state.screenName == screen.screen.name)
    }

    @Test(arguments: cases.dropFirst())
    func escClosesTheScreenOnTop(_ screen: Case) {
        var model = listShowing()
        _ = press(screen.keys, on: &model)
        #expect(model.state.stack.screens == [.list, screen.screen])
        _ = press([.escape], on: &model)
        #expect(model.state.stack.screens == [.list])
        #expect(model.state.screenName == "list")
    }

    @Test func aQuestionFromTheInboxIsPushedOverItAndEachEscGoesBackOne() throws {
        var model = listShowing()
        let opened = press([.character("i")], on: &model)
        let tokens = opened.compactMap { effect -> RequestToken? in
            guard case .send(let token, let request, _) = effect, request.as(BrowserRequest.Inbox.self)?.unreadOnly == false
            else { return nil }
            return token
        }
        let inbox = try #require(tokens.first)
        let items = [SignedInModelTests.item(11, site: "stackoverflow", unread: true)]
        _ = model.handle(.response(inbox, .inbox(.success(items))), at: t0)
        _ = press([.enter], on: &model)
        #expect(model.state.stack.screens == [.list, .inbox, .detail])
        #expect(model.state.screenName == "detail")
        _ = press([.function(1)], on: &model)
        #expect(model.state.stack.screens == [.list, .inbox, .detail, .help])
        #expect(model.helpContext == .detail)
        _ = press([.escape], on: &model)
        #expect(model.state.stack.top == .detail)
        _ = press([.escape], on: &model)
        #expect(model.state.stack.screens == [.list, .inbox])
        #expect(model.helpContext == .inbox)
        _ = press([.escape], on: &model)
        #expect(model.state.stack.screens == [.list])
    }

    @Test func choosingASiteClosesThePickerAndTheQuestionUnderIt() {
        var model = listShowing()
        _ = press([.enter, .character("S")], on: &model)
        #expect(model.state.stack.screens == [.list, .detail, .sitePicker])
        let sites = [Site(apiSiteParameter: "stackoverflow", name: "Stack Overflow"), Site(apiSiteParameter: "unix", name: "Unix & Linux")]
        for (token, entry) in model.ledger.entries where entry.purpose == .sitePicker {
            _ = model.handle(.response(token, .sites(.success(sites))), at: t0)
        }
        _ = press([.character("u"), .character("n"), .character("i"), .enter], on: &model)
        #expect(model.state.stack.screens == [.list])
        #expect(model.state.detail == nil && model.state.sitePicker == nil)
        #expect(model.state.list.query.site == "unix")
    }

    @Test func theStatusAScreenSaysIsTheStatusBarsWithoutACopy() {
        var model = listShowing()
        model.withScreen(\.inbox) { _, context in context.status.quotaRemaining = 42 }
        #expect(model.state.quotaRemaining == 42)
        model.state.isOffline = true
        #expect(model.context.status.isOffline, "the views' status and the screens' are one value")
    }
}
