@testable import Browser
import Foundation
import StackExchange
import Testing

/// A search over several sites (`--site so --site superuser QUERY`): one request a site on the user lane, one list
/// whose rows name their site, a failing or throttled site said in the status bar while the others' rows stay.
@MainActor
struct MergedSearchTests {
    static let sites = ["stackoverflow", "superuser"]

    func harness() -> Harness {
        var configuration = BrowserConfiguration(sort: .relevance)
        configuration.searchText = "exit vim"
        configuration.searchSites = Self.sites
        return Harness(configuration: configuration)
    }

    func questions(_ titles: [String], from first: Int) -> [Question] {
        titles.enumerated().map { index, title in
            Question(questionID: first + index, title: title, score: 10 - index, creationDate: Fixtures.now)
        }
    }

    @Test func eachSiteIsSearchedOnceAndTheirRowsMergeByRank() throws {
        let h = harness()
        h.controller.start()
        let requests = h.questions.requests
        #expect(requests.map(\.query.site) == Self.sites)
        #expect(requests.allSatisfy { $0.page == 1 && $0.priority == .user && $0.query.searchText == "exit vim" })
        #expect(requests.allSatisfy { $0.query.sort == .relevance })
        // Super User answers first: its rows show at once; then Stack Overflow's interleave by rank.
        requests[1].deliver(.success(Fixtures.page(questions(["su one", "su two"], from: 7), hasMore: true)))
        #expect(h.list.rows.map(\.plainTitle) == ["su one", "su two"])
        #expect(h.list.isLoading(in: h.controller.model.ledger), "one site is still out")
        // The same id on both sites is two rows.
        requests[0].deliver(.success(Fixtures.page(questions(["so one", "so two", "so three"], from: 7), hasMore: true)))
        #expect(h.list.rows.map(\.plainTitle) == ["so one", "su one", "so two", "su two", "so three"])
        #expect(h.list.rows.map(\.site) == ["stackoverflow", "superuser", "stackoverflow", "superuser", "stackoverflow"])
        #expect(!h.list.isLoading(in: h.controller.model.ledger))
        #expect(h.questions.requests.count == 2, "one request a site")
        let screen = h.screen(width: 100)
        // The site column, then the title.
        #expect(screen.contains { $0.range(of: "superuser +su one", options: .regularExpression) != nil }, "\(screen)")
        #expect(screen.contains { $0.range(of: "stackoverflow +so one", options: .regularExpression) != nil })
        // The selection stays on the first row as the other site's rows come in; a row opens on its own site.
        #expect(h.list.selectedRow?.plainTitle == "so one")
        #expect(h.statusBar(width: 120).contains("stackoverflow + superuser · all · relevance"), "\(h.statusBar(width: 120))")
        h.press(.character("j"))
        h.press(.enter)
        #expect(h.controller.state.detail?.site == "superuser")
        #expect(h.controller.state.detail?.questionID == 7)
    }

    @Test func aThrottledSiteSaysSoWhileTheOthersRowsStay() throws {
        let h = harness()
        h.controller.start()
        let requests = h.questions.requests
        requests[0].deliver(.success(Fixtures.page(questions(["so one", "so two"], from: 1), hasMore: false)))
        requests[1].deliver(.failure(.throttled(until: h.now.addingTimeInterval(30))))
        #expect(h.list.rows.map(\.plainTitle) == ["so one", "so two"])
        #expect(!h.list.isLoading(in: h.controller.model.ledger))
        #expect(h.statusBar(width: 120).contains("superuser: throttled, next request in 30s"), "\(h.statusBar(width: 120))")
    }

    @Test func aFailedSiteSaysItsErrorAndEverySiteFailingFailsTheLoad() throws {
        let h = harness()
        h.controller.start()
        let requests = h.questions.requests
        requests[0].deliver(.failure(.stackExchange(id: 400, name: "bad_parameter", message: "site")))
        #expect(h.list.isLoading(in: h.controller.model.ledger))
        requests[1].deliver(.failure(.throttled(until: h.now.addingTimeInterval(5))))
        #expect(h.list.rows.isEmpty)
        guard case .failed = h.list.phase(in: h.controller.model.ledger) else { Issue.record("the load failed: \(h.list.phase(in: h.controller.model.ledger))"); return }
        let status = h.statusBar(width: 160)
        #expect(status.contains("stackoverflow:") && status.contains("superuser: throttled"), "\(status)")
    }

    @Test func escapeCancelsEverySiteStillOut() throws {
        let h = harness()
        h.controller.start()
        let requests = h.questions.requests
        requests[0].deliver(.success(Fixtures.page(questions(["so one"], from: 1), hasMore: false)))
        h.press(.escape)
        #expect(requests[1].handle.isCancelled)
        #expect(!requests[0].handle.isCancelled)
        #expect(!h.list.isLoading(in: h.controller.model.ledger))
        #expect(h.list.rows.map(\.plainTitle) == ["so one"], "what arrived stays")
        // A late answer from the cancelled site changes nothing.
        requests[1].deliver(.success(Fixtures.page(questions(["su late"], from: 1), hasMore: false)))
        #expect(h.list.rows.map(\.plainTitle) == ["so one"])
    }

    @Test func oneSiteSearchesAsBefore() throws {
        var configuration = BrowserConfiguration(sort: .relevance)
        configuration.searchText = "exit vim"
        configuration.searchSites = ["superuser"]
        configuration.site = "superuser"
        let h = Harness(configuration: configuration)
        h.controller.start()
        #expect(h.questions.requests.count == 1)
        h.questions.requests[0].deliver(.success(Fixtures.page(questions(["su one"], from: 1), hasMore: false)))
        #expect(h.list.rows.map(\.site) == [nil], "a one-site list's rows keep no site")
    }
}
