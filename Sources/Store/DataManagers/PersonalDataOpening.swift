import Dispatch
public import Operations
public import StackExchange
public import StorePorts
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The person's data opened on another thread: `PersonalDataManager` made in the background, each read waiting for it.
///
/// At launch the data file's open, migration and load of every mark would otherwise sit before the first
/// request; with this, they overlap the network's wait. The first read (the marks, before the
/// first frame) waits for the open to finish; later ones never wait. A write (a read mark, a bookmark) never waits:
/// one made before the file is open is kept, in order, and made by the opening thread once it is (a link's launch
/// marks its question read in the same turn that asks for it, and waited for the file there).
public final class PersonalDataOpening: PersonalDataManaging {
    private struct State {
        var manager: PersonalDataManager?
        /// Writes made before the file was open (or while those ran), oldest first.
        var pending: [@Sendable (PersonalDataManager) -> Void] = []
        var draining = false
    }

    private let state = Mutex(State())
    /// Left once the file is open and the writes kept meanwhile are made: a read after a write sees it.
    private let settled = DispatchGroup()

    /// Whether there was no data file when the open began: the first launch, or the file removed since.
    private let startedEmpty: Bool

    /// Opens the data file at `paths` on a thread of its own, or takes the open `opening` began, when it is this
    /// file's.
    public convenience init(paths: StorePaths, queues: QueueManager, opening: DataFileOpening? = nil) {
        self.init(paths: paths, queues: queues, opening: opening, beforeOpen: nil)
    }

    /// As the public `init`; `beforeOpen` runs on the opening thread before the file is opened (tests hold the open
    /// there).
    init(paths: StorePaths, queues: QueueManager, opening: DataFileOpening? = nil, beforeOpen: (@Sendable () -> Void)?) {
        // The open begun before, when it is this file's (the file was there when it began).
        let begun = opening.flatMap { $0.path == paths.dataFilePath ? $0 : nil }
        startedEmpty = begun == nil && Glibc.access(paths.dataFilePath, F_OK) != 0
        settled.enter()
        // A thread of its own: a global queue's worker would wait for the cache's open to end first (`LaunchThread`).
        LaunchThread.start { [self] in
            beforeOpen?()
            let manager = begun.map { PersonalDataManager(paths: paths, queues: queues, opened: $0.taken) }
                ?? PersonalDataManager(paths: paths, queues: queues)
            state.withLock {
                $0.manager = manager
                $0.draining = true
            }
            // The writes kept meanwhile, in order; a write arriving while they run joins them.
            while let batch = state.withLock({ inner -> [@Sendable (PersonalDataManager) -> Void]? in
                guard !inner.pending.isEmpty else {
                    inner.draining = false
                    return nil
                }
                defer { inner.pending = [] }
                return inner.pending
            }) {
                for write in batch { write(manager) }
            }
            settled.leave()
        }
    }

    /// The manager, once it is open and has made the writes kept meanwhile.
    public var manager: PersonalDataManager {
        settled.wait()
        // Set before `settled` was left, never unset.
        return state.withLock { $0.manager! }
    }

    /// True while a data file that did not exist is still being made and no write is kept for it: it holds nothing,
    /// so the first frame's reads (the marks, the watches) need not wait for SQLite to make it.
    public var isBeingMadeFromNothing: Bool {
        guard startedEmpty, settled.wait(timeout: .now()) == .timedOut else { return false }
        return state.withLock { $0.manager == nil && $0.pending.isEmpty }
    }

    public func whenSettled(_ body: @escaping @MainActor @Sendable () -> Void) {
        settled.notify(queue: .main) { MainActor.assumeIsolated(body) }
    }

    /// Makes `write` now if the file is open and no earlier write is still kept, else keeps it for the opening thread.
    private func write(_ write: @escaping @Sendable (PersonalDataManager) -> Void) {
        let ready = state.withLock { inner -> PersonalDataManager? in
            if let manager = inner.manager, !inner.draining, inner.pending.isEmpty { return manager }
            inner.pending.append(write)
            return nil
        }
        if let ready { write(ready) }
    }

    public func isRead(site: String, questionID: Int) -> Bool { manager.isRead(site: site, questionID: questionID) }
    public func setRead(
        _ read: Bool, site: String, questionID: Int, completion: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        write { $0.setRead(read, site: site, questionID: questionID, completion: completion) }
    }
    public func isBookmarked(site: String, questionID: Int) -> Bool { manager.isBookmarked(site: site, questionID: questionID) }
    public func setBookmarked(
        _ bookmarked: Bool, question: Question, site: String, completion: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        write { $0.setBookmarked(bookmarked, question: question, site: site, completion: completion) }
    }
    public func bookmarks() -> [Bookmark] { manager.bookmarks() }
    public func bookmarkList() -> BookmarkList { manager.bookmarkList() }
    public func marks() -> PersonalMarks { manager.marks() }
    public var unavailableReason: String? { manager.unavailableReason }
    /// Waits for the open and the kept writes (`manager`), as quitting has already.
    public func finish() { manager.finish() }
    /// Waits for the kept writes to be made first (`manager`): they are unsaved changes too.
    public func unsavedChanges(waitingAtMost deadline: Duration) -> [String] { manager.unsavedChanges(waitingAtMost: deadline) }
}
