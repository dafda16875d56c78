@testable import Browser
import Foundation
import StackExchange
import Testing

/// The mouse and bracketed paste as events of the browser model (issue 16): no terminal, no sleeps.
@MainActor
struct PointerAndPasteTests {
    let t0 = Fixtures.now

    /// A started model at 100×30 with `count` rows on screen.
    func listed(_ count: Int = 40, features: BrowserFeatures = BrowserFeatures()) -> BrowserModel {
        var model = BrowserModel(configuration: BrowserConfiguration(), features: features, now: t0)
        _ = model.handle(.resize(width: 100, height: 30), at: t0)
        let first = requests(model.handle(.start, at: t0))[0].token
        _ = model.handle(.response(first, .questions(.success(Fixtures.page(Fixtures.questions(count), hasMore: false)))), at: t0)
        return model
    }

    func opened(_ effects: [BrowserEffect]) -> [String] {
        effects.compactMap { if case .openURL(let url) = $0 { url } else { nil } }
    }

    func copied(_ effects: [BrowserEffect]) -> [String] {
        effects.compactMap { if case .copy(let text, let confirmation) = $0 { text + "|" + confirmation } else { nil } }
    }

    func requests(_ effects: [BrowserEffect]) -> [(token: RequestToken, request: BrowserRequest)] {
        effects.compactMap { if case .send(let token, let request, _) = $0 { (token, request) } else { nil } }
    }

    @Test func theWheelMovesTheListThreeRowsANotch() {
        var model = listed()
        _ = model.handle(.mouse(MouseEvent(.wheelDown, row: 5, column: 5)), at: t0)
        #expect(model.state.list.selection == 3)
        _ = model.handle(.mouse(MouseEvent(.wheelDown, row: 5, column: 5)), at: t0)
        _ = model.handle(.mouse(MouseEvent(.wheelUp, row: 5, column: 5)), at: t0)
        #expect(model.state.list.selection == 3)
    }

    @Test func aClickSelectsARowAndASecondClickOpensIt() {
        var model = listed()
        // Row 4 of the screen is the list's fourth question (index 3): the column header is row 0.
        #expect(requests(model.handle(.mouse(MouseEvent(.press(.left), row: 0, column: 20)), at: t0)).isEmpty)
        #expect(model.state.list.selection == 0, "a click on the header selects nothing")
        #expect(requests(model.handle(.mouse(MouseEvent(.press(.left), row: 4, column: 20)), at: t0)).isEmpty)
        #expect(model.state.list.selection == 3)
        _ = model.handle(.mouse(MouseEvent(.release(.left), row: 4, column: 20)), at: t0)
        let open = requests(model.handle(.mouse(MouseEvent(.press(.left), row: 4, column: 20)), at: t0))
        #expect(open.map(\.request) == [.detail(site: "stackoverflow", questionID: model.state.list.rows[3].questionID)])
    }

    @Test func aClickBelowTheRowsOrOnTheStatusBarOrWithShiftDoesNothing() {
        var model = listed(3)
        _ = model.handle(.mouse(MouseEvent(.press(.left), row: 10, column: 1)), at: t0)
        _ = model.handle(.mouse(MouseEvent(.press(.left), row: 29, column: 1)), at: t0)
        _ = model.handle(.mouse(MouseEvent(.press(.left), row: 2, column: 1, modifiers: .shift)), at: t0)
        _ = model.handle(.mouse(MouseEvent(.wheelDown, row: 2, column: 1, modifiers: .shift)), at: t0)
        #expect(model.state.list.selection == 0)
    }

    @Test func theWheelScrollsTheDetailAndAClickOnALinkOpensIt() {
        var model = listed()
        var question = Fixtures.questions(1)[0]
        question.body = "<p>See <a href=\"https://example.com/a\">the docs</a> and <a href=\"https://example.com/b\">more</a>.</p>"
            + String(repeating: "<p>line</p>", count: 80)
        let open = requests(model.handle(.key(.enter), at: t0))
        _ = model.handle(.response(open[0].token, .detail(.success(QuestionDetail(question: question, answers: [])))), at: t0)
        let document = model.layouts.document(for: model.state.detail!, width: 100, now: t0)!
        let row = document.lines.firstIndex { $0.text.contains("[2]") }!
        let column = document.lines[row].text.distance(
            from: document.lines[row].text.startIndex, to: document.lines[row].text.range(of: "[2]")!.lowerBound) + 1
        #expect(opened(model.handle(.mouse(MouseEvent(.press(.left), row: row, column: column)), at: t0)) == ["https://example.com/b"])
        #expect(model.handle(.mouse(MouseEvent(.press(.left), row: row, column: 0)), at: t0).isEmpty, "no link there")
        _ = model.handle(.mouse(MouseEvent(.wheelDown, row: 3, column: 3)), at: t0)
        #expect(model.state.detail?.scroll == 3)
    }

    @Test func linkMarkersAreFoundByColumn() {
        #expect(DetailScreen.linkNumber(in: "see [12] and [3]", at: 4) == 12)
        #expect(DetailScreen.linkNumber(in: "see [12] and [3]", at: 7) == 12)
        #expect(DetailScreen.linkNumber(in: "see [12] and [3]", at: 8) == nil)
        #expect(DetailScreen.linkNumber(in: "see [12] and [3]", at: 14) == 3)
        #expect(DetailScreen.linkNumber(in: "漢字 [5]", at: 6) == 5, "wide characters take two columns")
        #expect(DetailScreen.linkNumber(in: "[a] [] [", at: 1) == nil)
    }

    @Test func aClickInTheSitePickerChoosesTheSite() {
        var model = listed(features: BrowserFeatures(siteList: true))
        _ = model.handle(.key(.character("S")), at: t0)
        let picker = model.ledger.tokens(for: .sitePicker).last!
        _ = model.handle(.response(picker, .sites(.success(SitePickerTests.sites))), at: t0)
        // The picker's rows start at screen row 2: row 3 is the second site, Super User.
        let effects = model.handle(.mouse(MouseEvent(.press(.left), row: 3, column: 4)), at: t0)
        #expect(model.state.sitePicker == nil)
        #expect(model.state.list.query.site == "superuser")
        #expect(requests(effects).contains { $0.request.as(BrowserRequest.Questions.self)?.query.site == "superuser" })
    }

    @Test func aPasteIntoThePromptIsTextAndNothingInItIsAKey() {
        var model = listed()
        _ = model.handle(.key(.character("/")), at: t0)
        let effects = model.handle(.paste("q\r\nhello\u{1B}world\u{202E}\tend"), at: t0)
        #expect(effects.isEmpty)
        #expect(model.state.prompt?.text == "q helloworld end", "line breaks and tabs are spaces; Esc and bidi controls are dropped")
        #expect(!model.isQuitRequested)
        let search = requests(model.handle(.key(.enter), at: t0))
        #expect(search.contains { $0.request.as(BrowserRequest.Questions.self)?.query.searchText == "q helloworld end" })
    }

    @Test func aPasteOutsideAPromptIsIgnoredWithANotice() {
        var model = listed()
        let effects = model.handle(.paste("qqq\rG"), at: t0)
        #expect(effects.isEmpty)
        #expect(!model.isQuitRequested)
        #expect(model.state.list.selection == 0)
        #expect(model.state.notice?.contains("paste ignored") == true)
    }

    @Test func aLongPasteIsCutAtThePromptsLimitAndSaysSo() {
        var model = listed()
        _ = model.handle(.key(.character("t")), at: t0)
        _ = model.handle(.paste(String(repeating: "x", count: 600)), at: t0)
        #expect(model.state.prompt?.text.count == PromptState.maximumLength)
        #expect(model.state.notice?.contains("100 left out") == true)
    }

    @Test func aCopiedCodeBlockLosesItsInvisibleCharacters() {
        var model = listed()
        var question = Fixtures.questions(1)[0]
        question.body = "<pre><code>rm -rf ./safe\u{202E}txt.exe\u{200B}\nls\u{2066}\n</code></pre>"
        let open = requests(model.handle(.key(.enter), at: t0))
        _ = model.handle(.response(open[0].token, .detail(.success(QuestionDetail(question: question, answers: [])))), at: t0)
        let effects = model.handle(.key(.character("Y")), at: t0)
        #expect(copied(effects) == ["rm -rf ./safetxt.exe\nls|copied 2 lines (removed 3 invisible characters) from the question"])
    }

    @Test func invisibleCharactersAreTheOnesTheScreenDrops() {
        for scalar: UInt32 in [0x202E, 0x202A, 0x2066, 0x2069, 0x200B, 0x200E, 0xFEFF, 0x2060, 0x1B, 0x07] {
            let character = Character(Unicode.Scalar(scalar)!)
            #expect(InvisibleCharacters.isInvisible(character), "U+\(String(scalar, radix: 16))")
            #expect(DisplayWidth.of(character) == 0, "the screen draws nothing for U+\(String(scalar, radix: 16))")
        }
        for kept in ["a", "\n", "\t", "é", "👩‍💻", "漢"] as [Character] {
            #expect(!InvisibleCharacters.isInvisible(kept), "\(kept)")
        }
        let removed = InvisibleCharacters.removed(from: "a\u{202E}b\u{200B}c")
        #expect(removed.text == "abc" && removed.count == 2)
    }
}
