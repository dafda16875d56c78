@testable import Browser
import Foundation
import StackExchange
import Testing

/// Searching the store from the list (issue 29): `L` asks for it, `/` does it offline, the rows show the matched
/// words, and the bar says where the results come from.
@MainActor
struct StoreSearchTests {
    static func found(_ questions: [Question], words: String) -> Page<Question> {
        var page = Fixtures.page(questions, hasMore: false)
        for question in questions {
            page.snippets[question.questionID] = SearchSnippet([
                .init("…the ", isMatch: false), .init(words, isMatch: true), .init(" field…", isMatch: false),
            ])
        }
        return page
    }

    @Test func lSearchesTheStoreAndTheRowsShowTheMatchedWords() throws {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        h.press(.character("L"))
        #expect(h.controller.state.prompt?.kind == .storeSearch)
        #expect(h.statusBar(width: 120, height: 30).contains("search the store:"))
        h.type("okapi")
        h.press(.enter)
        let request = try #require(h.questions.requests.last)
        #expect(request.query.searchesStore && request.query.searchText == "okapi" && request.page == 1)
        request.deliver(.success(Self.found(Fixtures.questions(2, from: 40), words: "okapi")))
        let screen = h.screen(width: 120, height: 30)
        #expect(screen[1].contains("…the okapi field…"), "\(screen[1])")
        #expect(screen[0].contains("matched") && !screen[0].contains("tags"), "the tags' column is the matched words': \(screen[0])")
        #expect(screen[1].contains("Question number 40"), "the title keeps most of its column")
        #expect(screen.last?.contains("store · “okapi”") == true, "\(screen.last ?? "")")
        // The matched word is drawn bold; the words around it are not.
        let buffer = h.controller.render(width: 120, height: 30)
        let column = try #require(screen[2].range(of: "okapi")).lowerBound.utf16Offset(in: screen[2])
        #expect(buffer[2, column].style.attributes.contains(.bold))
        #expect(!buffer[2, column - 2].style.attributes.contains(.bold))
        // s has nothing to cycle: one order.
        let sent = h.questions.requests.count
        h.press(.character("s"))
        h.advance(2)
        #expect(h.questions.requests.count == sent)
        #expect(h.controller.state.notice == BrowserModel.storeSearchSortNotice)
        // Back returns to the list the search was made over, with no snippet left on it.
        h.press(.escape)
        #expect(!h.list.query.searchesStore && h.list.snippets.isEmpty)
    }

    @Test func offlineSlashSearchesTheStoreAndOnlineItSearchesTheSite() throws {
        let online = Harness()
        online.startLoaded(Fixtures.questions(3))
        online.press(.character("/"))
        #expect(online.controller.state.prompt?.kind == .search)
        // The network is gone: the first page fails as offline.
        let h = Harness()
        h.controller.start()
        h.questions.requests.last!.deliver(.failure(.transport(URLError(.notConnectedToInternet))))
        #expect(h.controller.state.isOffline)
        h.press(.character("/"))
        #expect(h.controller.state.prompt?.kind == .storeSearch)
        h.type("okapi")
        h.press(.enter)
        #expect(h.questions.requests.last?.query.searchesStore == true)
        // `--offline` with an imported site: its pages load, and `/` still searches the store.
        var configuration = BrowserConfiguration(tags: ["swift"])
        configuration.startsOffline = true
        let imported = Harness(configuration: configuration)
        imported.startLoaded(Fixtures.questions(3))
        #expect(!imported.controller.state.isOffline)
        imported.press(.character("/"))
        #expect(imported.controller.state.prompt?.kind == .storeSearch)
    }
}
