@testable import Browser
import Foundation
import Operations
import StackExchange
import StorePorts
import Synchronization

/// A questions door with a store: records requests like `StubQuestions`, and answers `cachedQuestions` from a table.
final class StubCachedQuestions: QuestionsDataManaging, QuestionListCaching {
    let network = StubQuestions()
    let cached = Mutex<[Int: Cached<Page<Question>>]>([:])
    let notices = Mutex<[String]>([])

    func questions(
        _ query: QuestionsQuery, page: Int, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Question>, APIError>) -> Void
    ) -> any Cancellable {
        network.questions(query, page: page, priority: priority, completion: completion)
    }

    func cachedQuestions(_ query: QuestionsQuery, page: Int) -> Cached<Page<Question>>? {
        cached.withLock { $0[page] }
    }

    func takeStoreNotice() -> String? { notices.withLock { $0.isEmpty ? nil : $0.removeFirst() } }
}

/// A detail door with a store: records requests like `StubDetails`, and answers `cachedDetail` from a table.
final class StubCachedDetails: QuestionDetailDataManaging, QuestionDetailCaching {
    let network = StubDetails()
    let cached = Mutex<[Int: Cached<QuestionDetail>]>([:])

    func detail(
        questionID: Int, site: String, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<QuestionDetail, APIError>) -> Void
    ) -> any Cancellable {
        network.detail(questionID: questionID, site: site, priority: priority, completion: completion)
    }

    func answers(
        questionID: Int, site: String, page: Int, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Answer>, APIError>) -> Void
    ) -> any Cancellable {
        network.answers(questionID: questionID, site: site, page: page, priority: priority, completion: completion)
    }

    /// For each read of the store, how many detail requests had been sent before it.
    let requestsBeforeEachRead = Mutex<[Int]>([])

    func cachedDetail(questionID: Int, site: String) -> Cached<QuestionDetail>? {
        let sent = network.requests.count
        requestsBeforeEachRead.withLock { $0.append(sent) }
        return cached.withLock { $0[questionID] }
    }
}

/// Read marks and bookmarks in memory, as the store's manager keeps them; each write's outcome is held until the
/// test delivers it (`confirmWrites`), as the store's comes later from its queue.
final class StubPersonal: PersonalDataManaging {
    private struct State {
        var read: Set<String> = []
        var bookmarks: [String: Bookmark] = [:]
    }

    private let state = Mutex(State())
    let unavailableReason: String?
    let now = Mutex(Fixtures.now)

    /// When set, every bookmark change fails with this line, as the store's does on a full disk or a held lock.
    let failingWrites = Mutex<String?>(nil)
    /// When set, every read-mark change fails with this line.
    let failingReadMarks = Mutex<String?>(nil)
    /// Writes not yet confirmed: their completion, and the outcome it will get.
    private let awaiting = Mutex<[(completion: @MainActor @Sendable (String?) -> Void, problem: String?)]>([])

    init(unavailableReason: String? = nil) {
        self.unavailableReason = unavailableReason
    }

    /// How many writes wait for their outcome.
    var unconfirmedCount: Int { awaiting.withLock { $0.count } }

    /// Delivers the outcome of every write made so far, in order.
    @MainActor func confirmWrites() {
        let writes = awaiting.withLock { awaiting in
            defer { awaiting = [] }
            return awaiting
        }
        for write in writes { write.completion(write.problem) }
    }

    func unsavedChanges(waitingAtMost deadline: Duration) -> [String] { [] }

    func isRead(site: String, questionID: Int) -> Bool { state.withLock { $0.read.contains("\(site)/\(questionID)") } }

    func setRead(_ read: Bool, site: String, questionID: Int, completion: @escaping @MainActor @Sendable (String?) -> Void) {
        state.withLock {
            if read { $0.read.insert("\(site)/\(questionID)") } else { $0.read.remove("\(site)/\(questionID)") }
        }
        let failure = failingReadMarks.withLock { $0 }
        awaiting.withLock { $0.append((completion, failure)) }
    }

    func isBookmarked(site: String, questionID: Int) -> Bool {
        state.withLock { $0.bookmarks["\(site)/\(questionID)"] != nil }
    }

    func setBookmarked(
        _ bookmarked: Bool, question: Question, site: String, completion: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        let date = now.withLock { date -> Date in
            date += 1
            return date
        }
        state.withLock {
            $0.bookmarks["\(site)/\(question.questionID)"] =
                bookmarked ? Bookmark(site: site, question: question, createdAt: date) : nil
        }
        let failure = failingWrites.withLock { $0 }
        awaiting.withLock { $0.append((completion, failure)) }
    }

    /// While set, the data file is "being made from nothing" (the first launch): `whenSettled` keeps its bodies
    /// until `finishMaking` runs them.
    let beingMade = Mutex(false)
    private let settledBodies = Mutex<[@MainActor @Sendable () -> Void]>([])
    /// How many times the marks were read.
    let marksReads = Mutex(0)

    var isBeingMadeFromNothing: Bool { beingMade.withLock { $0 } }

    func whenSettled(_ body: @escaping @MainActor @Sendable () -> Void) {
        settledBodies.withLock { $0.append(body) }
    }

    /// The data file is made: what waited for it runs, in order.
    @MainActor func finishMaking() {
        beingMade.withLock { $0 = false }
        for body in settledBodies.withLock({ bodies in defer { bodies = [] }; return bodies }) { body() }
    }

    func marks() -> PersonalMarks {
        marksReads.withLock { $0 += 1 }
        return state.withLock { state in
            func key(_ text: String) -> SiteQuestion {
                let parts = text.split(separator: "/")
                return SiteQuestion(site: String(parts[0]), questionID: Int(parts[1])!)
            }
            return PersonalMarks(read: Set(state.read.map(key)), bookmarked: Set(state.bookmarks.keys.map(key)))
        }
    }

    func bookmarks() -> [Bookmark] {
        state.withLock { Array($0.bookmarks.values) }.sorted { $0.createdAt > $1.createdAt }
    }
}

/// A controller wired to data managers with a store behind them, read marks and bookmarks.
@MainActor
final class StoreHarness {
    let questions = StubCachedQuestions()
    let details = StubCachedDetails()
    let personal: StubPersonal
    var now = Fixtures.now
    private(set) var controller: BrowserController! = nil

    init(configuration: BrowserConfiguration = BrowserConfiguration(site: "unix"), personal: StubPersonal = StubPersonal()) {
        self.personal = personal
        controller = BrowserController(
            configuration: configuration,
            ports: BrowserPorts(
                questions: questions, details: details, urlOpener: StubOpener(), personal: personal, listCache: questions,
                detailCache: details),
            clock: { [unowned self] in self.now }
        )
        controller.prefetchDistance = 0
    }

    var list: ListState { controller.state.list }
    var requests: [StubQuestions.Request] { questions.network.requests }

    func press(_ keys: Key...) {
        for key in keys { controller.handle(key) }
    }

    /// The status line of a 100×20 frame.
    func statusLine() -> String {
        controller.resizeAndRender(width: 100, height: 20).text(ofRow: 19)
    }

    func cache(page: Int, _ items: [Question], hasMore: Bool = true, age: TimeInterval) {
        questions.cached.withLock { $0[page] = Cached(value: Page(items: items, hasMore: hasMore), fetchedAt: now - age) }
    }
}

extension APIError {
    /// What URLSession reports when nothing listens on the port.
    static let refused = APIError.transport(URLError(.cannotConnectToHost))
}
