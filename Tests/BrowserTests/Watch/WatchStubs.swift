@testable import Browser
import Foundation
import Operations
import StackExchange
import StorePorts
import Synchronization

/// Watch requests recorded for the test to answer, as `StubQuestions` does for pages.
final class StubWatchRequests: WatchRequesting {
    struct Request: Sendable {
        var request: WatchRequest
        var at: Date
        var completion: @MainActor @Sendable (Result<WatchAnswer, APIError>) -> Void

        @MainActor func deliver(_ items: WatchAnswer.Items) { completion(.success(WatchAnswer(items: items))) }
    }

    private let recorded = Mutex<[Request]>([])
    var requests: [Request] { recorded.withLock { $0 } }

    func send(
        _ request: WatchRequest, at now: Date,
        completion: @escaping @MainActor @Sendable (Result<WatchAnswer, APIError>) -> Void
    ) -> any Cancellable {
        recorded.withLock { $0.append(Request(request: request, at: now, completion: completion)) }
        return StubCancellable()
    }
}

/// The data file's watches in memory, as `WatchStore` keeps them (an item seen once is never new again).
final class MemoryWatchStore: WatchKeeping, @unchecked Sendable {
    // @unchecked Sendable: the tests touch it from the main actor only.
    var entries: [WatchEntry] = []
    var items: [(item: WatchedItem, seen: Bool)] = []
    var polls: [String: WatchPoll] = [:]
    var looks: [String: Date] = [:]

    func watches() -> [WatchEntry] { entries.sorted { ($0.site, $0.kind.rawValue, $0.subject) < ($1.site, $1.kind.rawValue, $1.subject) } }
    func addWatch(_ entry: WatchEntry) {
        guard !entries.contains(where: { $0.site == entry.site && $0.kind == entry.kind && $0.subject == entry.subject }) else { return }
        entries.append(entry)
    }
    func removeWatch(site: String, kind: WatchEntry.Kind, subject: String) {
        entries.removeAll { $0.site == site && $0.kind == kind && $0.subject == subject }
    }
    func advance(site: String, kind: WatchEntry.Kind, subject: String, to since: Date) {
        for index in entries.indices where entries[index].site == site && entries[index].kind == kind && entries[index].subject == subject {
            entries[index].since = max(entries[index].since, since)
        }
    }
    func lastPoll(of identity: String) -> WatchPoll? { polls[identity] }
    func recordPoll(_ poll: WatchPoll, of identity: String) { polls[identity] = poll }
    var quota: WatchQuota?
    func lastQuota() -> WatchQuota? { quota }
    func recordQuota(_ quota: WatchQuota) { self.quota = quota }
    func backoffs() -> [String: Date] { [:] }
    func recordBackoff(methodKey: String, until: Date) {}
    func addNew(_ new: [WatchedItem]) {
        for item in new where !items.contains(where: { $0.item.site == item.site && $0.item.kind == item.kind && $0.item.id == item.id }) {
            items.append((item, false))
        }
    }
    func unseenItems() -> [WatchedItem] { items.filter { !$0.seen }.map(\.item).sorted { $0.createdAt < $1.createdAt } }
    func listLooks() -> [String: Date] { looks }
    func recordLook(list key: String, at date: Date) { looks[key] = max(looks[key] ?? date, date) }
    func markSeen(_ seen: [WatchedItem]) {
        for index in items.indices where seen.contains(where: { $0.site == items[index].item.site && $0.kind == items[index].item.kind && $0.id == items[index].item.id }) {
            items[index].seen = true
        }
    }
}

/// A data file whose background writes wait until `runPending()`, as a `WatchStore`'s do behind another program's
/// lock; counts the writes made on the caller's thread.
final class DeferredWatchStore: WatchKeeping, @unchecked Sendable {
    // @unchecked Sendable: the tests touch it from the main actor only.
    let memory = MemoryWatchStore()
    var pending: [@Sendable (any WatchKeeping) -> Void] = []
    var writesOnTheCallersThread = 0

    func watches() -> [WatchEntry] { memory.watches() }
    func addWatch(_ entry: WatchEntry) { writesOnTheCallersThread += 1; memory.addWatch(entry) }
    func removeWatch(site: String, kind: WatchEntry.Kind, subject: String) {
        writesOnTheCallersThread += 1
        memory.removeWatch(site: site, kind: kind, subject: subject)
    }
    func advance(site: String, kind: WatchEntry.Kind, subject: String, to since: Date) {
        writesOnTheCallersThread += 1
        memory.advance(site: site, kind: kind, subject: subject, to: since)
    }
    func lastPoll(of identity: String) -> WatchPoll? { memory.lastPoll(of: identity) }
    func recordPoll(_ poll: WatchPoll, of identity: String) { writesOnTheCallersThread += 1; memory.recordPoll(poll, of: identity) }
    func lastQuota() -> WatchQuota? { memory.lastQuota() }
    func recordQuota(_ quota: WatchQuota) { writesOnTheCallersThread += 1 }
    func backoffs() -> [String: Date] { memory.backoffs() }
    func recordBackoff(methodKey: String, until: Date) { writesOnTheCallersThread += 1 }
    func addNew(_ new: [WatchedItem]) { writesOnTheCallersThread += 1; memory.addNew(new) }
    func unseenItems() -> [WatchedItem] { memory.unseenItems() }
    func listLooks() -> [String: Date] { memory.listLooks() }
    func recordLook(list key: String, at date: Date) { writesOnTheCallersThread += 1; memory.recordLook(list: key, at: date) }
    func markSeen(_ seen: [WatchedItem]) { writesOnTheCallersThread += 1; memory.markSeen(seen) }
    @MainActor
    func inBackground(_ change: @escaping @Sendable (any WatchKeeping) -> Void, completion: @escaping @MainActor @Sendable () -> Void) {
        pending.append(change)
    }

    /// Lets the held writes land, in the order asked.
    func runPending() {
        let changes = pending
        pending = []
        for change in changes { change(memory) }
    }
}

/// Records every notification the browser sends.
@MainActor
final class StubNotifier: Notifying {
    /// What was sent while the terminal said it is not focused.
    var sent: [TerminalNotification] = []
    /// What was handed on for the runner to send only if stackterm is not seen (the focus never reported).
    var ifHidden: [TerminalNotification] = []
    func notify(_ notification: TerminalNotification, ifPaneHidden: Bool) {
        if ifPaneHidden { ifHidden.append(notification) } else { sent.append(notification) }
    }
}

/// A controller with stub data managers, watches in memory and a clock the test moves.
@MainActor
final class WatchHarness {
    let questions = StubQuestions()
    let details = StubDetails()
    let requests = StubWatchRequests()
    let store: MemoryWatchStore
    let notifier = StubNotifier()
    var now = Fixtures.now
    private(set) var controller: BrowserController! = nil

    /// `store` is the data file's watches: a second harness given the first's is the next launch.
    init(
        tags: [String] = [], watches: [WatchEntry] = [], intervalMinutes: Int = 1, quotaFloor: Int? = nil,
        notify: NotificationMethod = .osc9, store: MemoryWatchStore = MemoryWatchStore(),
        startQuestion: BrowserConfiguration.StartQuestion? = nil, personal: (any PersonalDataManaging)? = nil
    ) {
        self.store = store
        for entry in watches { store.addWatch(entry) }
        var configuration = BrowserConfiguration(tags: tags)
        configuration.startQuestion = startQuestion
        configuration.watch = BrowserWatchSettings(
            schedule: WatchSettings(intervalMinutes: intervalMinutes, quotaFloor: quotaFloor), notify: notify)
        controller = BrowserController(
            configuration: configuration,
            ports: BrowserPorts(
                questions: questions, details: details, urlOpener: StubOpener(), personal: personal,
                watching: WatchPorts(requests: requests, store: store), notifier: notifier),
            clock: { [unowned self] in self.now })
        controller.prefetchDistance = 0
    }

    func start(_ items: [Question] = Fixtures.questions(3)) {
        controller.start()
        questions.requests.last!.deliver(.success(Fixtures.page(items, hasMore: false)))
    }

    /// Moves the clock to `seconds` after the start and lets the controller see the time (the timer's tick).
    func advance(to seconds: TimeInterval) {
        now = Fixtures.now.addingTimeInterval(seconds)
        controller.tick()
    }

    func screen(width: Int = 100, height: Int = 12) -> [String] {
        let buffer = controller.render(width: width, height: height)
        return (0..<height).map { buffer.text(ofRow: $0) }
    }

    /// A question asked at `seconds` after the start.
    static func question(_ id: Int, title: String, tags: [String] = ["rust"], at seconds: TimeInterval) -> Question {
        Question(questionID: id, title: title, link: "https://stackoverflow.com/q/\(id)", tags: tags,
                 creationDate: Fixtures.now.addingTimeInterval(seconds))
    }
}
