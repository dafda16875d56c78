@testable import Browser
import Foundation
import StackExchange
import Testing

/// `S`: the site picker, its filter, switching sites and the site's name in the status bar.
@MainActor
struct SitePickerTests {
    static let sites = [
        Site(apiSiteParameter: "stackoverflow", name: "Stack Overflow"),
        Site(apiSiteParameter: "superuser", name: "Super User"),
        Site(apiSiteParameter: "unix", name: "Unix &amp; Linux"),
        Site(apiSiteParameter: "askubuntu", name: "Ask Ubuntu"),
        Site(apiSiteParameter: "tex", name: "TeX - LaTeX"),
    ]

    @Test func startAsksForTheSiteNamesInTheBackgroundForTheStatusBar() throws {
        let h = Harness(configuration: BrowserConfiguration(site: "unix"))
        h.startLoaded(Fixtures.questions(3))
        let names = try #require(h.sites.requests.first)
        #expect(h.sites.requests.count == 1)
        #expect(names.priority == .background)
        #expect(h.statusBar().hasPrefix(" unix · all"), "the API name until the names arrive")
        names.deliver(.success(Self.sites))
        #expect(h.statusBar().hasPrefix(" Unix & Linux · all · activity"))
        #expect(h.controller.frameInfo.screen == "list", "the names open nothing")
        h.controller.shutdown()
    }

    @Test func failedSiteNamesLeaveTheAPINameAndNoError() throws {
        let h = Harness(configuration: BrowserConfiguration(site: "unix"))
        h.startLoaded(Fixtures.questions(3))
        h.sites.requests[0].deliver(.failure(.httpStatus(code: 503, bodySnippet: "busy")))
        #expect(h.statusBar().hasPrefix(" unix · all"))
        #expect(h.controller.state.lastError == nil)
    }

    @Test func sOpensThePickerAndAsksForTheSitesOnTheUserQueue() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.press(.character("S"))
        let request = try #require(h.sites.requests.last)
        #expect(request.priority == .user)
        #expect(h.controller.frameInfo.screen == "sites")
        #expect(h.controller.needsAnimation, "the list is loading")
        #expect(h.screen().joined(separator: "\n").contains("loading the site list"))
        request.deliver(.success(Self.sites))
        let screen = h.screen()
        #expect(screen.contains { $0.contains("Unix & Linux") && $0.contains("unix") }, "names are shown decoded")
        #expect(screen.contains { $0.contains("• Stack Overflow") }, "the current site is marked")
        #expect(h.statusBar().contains("1/5"))
    }

    @Test func typingFiltersByNameOrAPIName() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.press(.character("S"))
        h.sites.requests.last!.deliver(.success(Self.sites))
        h.type("LINUX")
        #expect(h.controller.state.sitePicker?.matches.map(\.apiSiteParameter) == ["unix"])
        h.press(.backspace, .backspace, .backspace, .backspace, .backspace)
        h.type("ub")
        #expect(h.controller.state.sitePicker?.matches.map(\.apiSiteParameter) == ["askubuntu"], "API name or name")
        h.press(.backspace, .backspace)
        h.type("su")
        #expect(h.controller.state.sitePicker?.matches.map(\.apiSiteParameter) == ["superuser"])
        h.type("zzz")
        #expect(h.screen().joined().contains("no site matches"))
        #expect(h.list.query.site == "stackoverflow", "typing never switches")
        h.press(.enter)
        #expect(h.controller.state.sitePicker != nil, "Enter with no match does nothing")
    }

    @Test func enterSwitchesTheSiteAndReloadsItsList() throws {
        let h = Harness(configuration: BrowserConfiguration(tags: ["swift"]))
        h.startLoaded(Fixtures.questions(3))
        h.press(.character("S"))
        h.sites.requests.last!.deliver(.success(Self.sites))
        h.press(.down, .down)
        #expect(h.controller.state.sitePicker?.selectedSite?.apiSiteParameter == "unix")
        h.press(.enter)
        #expect(h.controller.state.sitePicker == nil)
        let reload = try #require(h.questions.requests.last)
        #expect(reload.query.site == "unix")
        #expect(reload.query.tags.isEmpty, "tags belong to a site")
        #expect(reload.page == 1)
        #expect(h.list.rows.isEmpty)
        reload.deliver(.success(Fixtures.page(Fixtures.questions(2), hasMore: false)))
        #expect(h.statusBar().hasPrefix(" Unix & Linux · all · activity"))
    }

    @Test func escClosesThePickerAndCancelsItsLoad() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.press(.character("S"))
        let request = try #require(h.sites.requests.last)
        h.press(.escape)
        #expect(request.handle.isCancelled)
        #expect(h.controller.state.sitePicker == nil)
        request.deliver(.success(Self.sites))
        #expect(h.controller.state.sitePicker == nil, "a late list does not reopen the picker")
        #expect(h.questions.requests.count == 1, "nothing reloaded")
    }

    @Test func aFailedListShowsItsErrorAndEscCloses() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.press(.character("S"))
        h.sites.requests.last!.deliver(.failure(.stackExchange(id: 502, name: "throttle_violation", message: "too many requests")))
        #expect(h.screen().joined().contains("could not load the site list"))
        h.press(.escape)
        #expect(h.controller.frameInfo.screen == "list")
    }

    @Test func sFromTheDetailSwitchesAndClosesTheDetail() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.press(.enter)
        h.press(.character("S"))
        h.sites.requests.last!.deliver(.success(Self.sites))
        h.type("super")
        h.press(.enter)
        #expect(h.controller.state.detail == nil)
        #expect(h.details.requests[0].handle.isCancelled, "the detail's load was cancelled")
        #expect(h.questions.requests.last?.query.site == "superuser")
    }

    @Test func thePickerAsAValueSelectsTheCurrentSiteAndClampsItsMoves() {
        var picker = SitePickerState(currentSite: "unix")
        #expect(picker.phase == .waiting)
        #expect(picker.handle(.enter) == .editing, "Enter before the list arrives does nothing")
        picker.receive(Self.sites)
        #expect(picker.selectedSite?.apiSiteParameter == "unix")
        _ = picker.handle(.pageDown, pageSize: 10)
        #expect(picker.selectedSite?.apiSiteParameter == "tex")
        _ = picker.handle(.pageUp, pageSize: 10)
        #expect(picker.selection == 0)
        _ = picker.handle(.character("\u{1B}"))
        #expect(picker.filter.isEmpty, "control characters never reach the filter")
        _ = picker.handle(.character("X"))
        #expect(picker.matches.map(\.apiSiteParameter) == ["unix", "tex"], "LaTeX and Linux both hold an x")
        #expect(picker.handle(.enter) == .chosen(Self.sites[2]))
        #expect(picker.handle(.escape) == .cancelled)
    }
}
