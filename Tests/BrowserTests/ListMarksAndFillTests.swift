@testable import Browser
import Foundation
import StackExchange
import StorePorts
import Testing

/// Issue 26 on the list: `m` shows in a column of its own and says what it did, the bookmarks name each row's site,
/// the first page fills the screen, and an unknown site is named with the nearest names and the picker.
@MainActor
struct ListMarksAndFillTests {
    @Test func mMarksTheRowInItsOwnColumnAndSaysWhatItDid() throws {
        let h = StoreHarness()
        h.controller.start()
        try #require(h.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: false)))
        #expect(h.controller.render(width: 100, height: 20).text(ofRow: 1).hasPrefix(" "), "unread: no mark")
        h.press(.character("m"))
        var frame = h.controller.render(width: 100, height: 20)
        #expect(frame.text(ofRow: 1).hasPrefix(RowMarks.readMark), "the selected row shows its mark: \(frame.text(ofRow: 1))")
        #expect(frame.text(ofRow: 19).contains("marked read"))
        #expect(!frame.text(ofRow: 2).hasPrefix(RowMarks.readMark))
        h.press(.character("m"))
        frame = h.controller.render(width: 100, height: 20)
        #expect(frame.text(ofRow: 1).hasPrefix(" "))
        #expect(frame.text(ofRow: 19).contains("marked unread"))
    }

    @Test func theBookmarksListHasASiteColumn() throws {
        let h = StoreHarness()
        let questions = Fixtures.questions(3)
        h.personal.setBookmarked(true, question: questions[0], site: "superuser")
        h.personal.setBookmarked(true, question: questions[2], site: "unix")
        h.controller.start()
        try #require(h.requests.last).deliver(.success(Fixtures.page(Fixtures.questions(3), hasMore: false)))
        #expect(!h.controller.render(width: 100, height: 20).text(ofRow: 0).contains("site"), "one site: no column")
        h.press(.character("B"))
        let frame = h.controller.render(width: 100, height: 20)
        #expect(frame.text(ofRow: 0).contains(" site "), "\(frame.text(ofRow: 0))")
        let header = frame.text(ofRow: 0)
        let column = header.distance(from: header.startIndex, to: try #require(header.range(of: "site")).lowerBound)
        for (row, site) in [(1, "unix"), (2, "superuser")] {
            let text = frame.text(ofRow: row)
            #expect(String(text.dropFirst(column).prefix(site.count)) == site, "\(text)")
        }
    }

    @Test func aFirstPageShorterThanTheScreenBringsTheNextAtOnce() throws {
        let h = Harness()
        h.controller.prefetchDistance = 10
        h.controller.resize(width: 100, height: 40)
        h.startLoaded(Fixtures.questions(30), hasMore: true)
        let second = try #require(h.questions.requests.last)
        #expect(h.questions.requests.count == 2, "30 rows under the header leave 8 of 38 empty")
        #expect(second.page == 2 && second.priority == .background)
        second.deliver(.success(Fixtures.page(Fixtures.questions(30, from: 31), hasMore: true)))
        #expect(h.list.rows.count == 60)
        #expect(h.questions.requests.count == 2, "the screen is full: nothing more until the selection nears the end")
        #expect(h.list.selection == 0)
    }

    @Test func aFirstPageThatFillsTheScreenOrIsTheLastBringsNothingMore() {
        let full = Harness()
        full.controller.prefetchDistance = 10
        full.controller.resize(width: 100, height: 20)
        full.startLoaded(Fixtures.questions(30), hasMore: true)
        #expect(full.questions.requests.count == 1)
        let last = Harness()
        last.controller.prefetchDistance = 10
        last.controller.resize(width: 100, height: 40)
        last.startLoaded(Fixtures.questions(5), hasMore: false)
        #expect(last.questions.requests.count == 1)
    }

    @Test func anUnknownSiteIsNamedWithTheNearestNamesAndThePicker() throws {
        let h = Harness(configuration: BrowserConfiguration(site: "stackoverfow"))
        h.controller.start()
        let refusal = APIError.stackExchange(id: 400, name: "bad_parameter", message: "No site found for name `stackoverfow`")
        try #require(h.questions.requests.last).deliver(.failure(refusal))
        var screen = h.screen(width: 100, height: 20)
        #expect(screen[0].contains("no site “stackoverfow”"), "\(screen[0])")
        #expect(screen[0].contains("S picks a site"))
        #expect(!screen.joined().contains("r retries"))
        let names = try #require(h.sites.requests.last, "the site list is asked for, for the nearest names")
        names.deliver(.success([Site(apiSiteParameter: "stackoverflow", name: "Stack Overflow"), Site(apiSiteParameter: "superuser", name: "Super User"),
                                Site(apiSiteParameter: "serverfault", name: "Server Fault")]))
        screen = h.screen(width: 100, height: 20)
        #expect(screen[0].contains("(did you mean stackoverflow?)"), "\(screen[0])")
        #expect(screen[19].contains("no site “stackoverfow”"), "the status bar says it too: \(screen[19])")
        h.press(.character("S"))
        try #require(h.sites.requests.last).deliver(.success([Site(apiSiteParameter: "stackoverflow", name: "Stack Overflow")]))
        h.press(.enter)
        #expect(h.list.query.site == "stackoverflow")
        #expect(h.screen(width: 100, height: 20)[0].contains("loading…"), "the notice went with the unknown site")
    }

    @Test func offlineTheStoredSiteListTellsTheSiteIsUnknown() throws {
        let h = Harness(configuration: BrowserConfiguration(site: "stackoverfow"))
        h.controller.start()
        try #require(h.questions.requests.last).deliver(.failure(.transport(URLError(.notConnectedToInternet))))
        #expect(!h.screen(width: 100, height: 20)[0].contains("no site"), "offline alone says nothing of the site")
        try #require(h.sites.requests.last).deliver(.success([Site(apiSiteParameter: "stackoverflow", name: "Stack Overflow")]))
        #expect(h.screen(width: 100, height: 20)[0].contains("no site “stackoverfow” (did you mean stackoverflow?)"))
    }

    @Test func nearestNamesListTheCloseOnesNearestFirst() {
        let known = ["stackoverflow", "superuser", "serverfault", "unix", "math"]
        #expect(NameSuggestion.nearestNames(to: "stackoverfow", among: known) == ["stackoverflow"])
        #expect(NameSuggestion.nearestNames(to: "serverfalt", among: known) == ["serverfault"])
        #expect(NameSuggestion.nearestNames(to: "zzzzzzzz", among: known).isEmpty)
        #expect(Set(NameSuggestion.nearestNames(to: "mat", among: ["math", "mate", "unix"])) == ["mate", "math"])
    }
}
