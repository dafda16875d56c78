import Dispatch
public import Operations
public import StackExchange
public import StorePorts
import Synchronization

/// The person's data opened on another thread: `PersonalDataManager` made in the background, each call waiting for it.
///
/// At launch the data file's open, migration and load of every mark would otherwise sit before the first
/// request (issue 17); with this, they overlap the network's wait. The first call (the marks, before the
/// first frame) waits for the open to finish; later ones never wait.
public final class PersonalDataOpening: PersonalDataManaging {
    private let opened = Mutex<PersonalDataManager?>(nil)
    private let opening = DispatchGroup()

    public init(paths: StorePaths, queues: QueueManager) {
        opening.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let manager = PersonalDataManager(paths: paths, queues: queues)
            opened.withLock { $0 = manager }
            opening.leave()
        }
    }

    /// The manager, once it is open.
    public var manager: PersonalDataManager {
        opening.wait()
        // Set before `opening` was left, never unset.
        return opened.withLock { $0! }
    }

    public func isRead(site: String, questionID: Int) -> Bool { manager.isRead(site: site, questionID: questionID) }
    public func setRead(
        _ read: Bool, site: String, questionID: Int, completion: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        manager.setRead(read, site: site, questionID: questionID, completion: completion)
    }
    public func isBookmarked(site: String, questionID: Int) -> Bool { manager.isBookmarked(site: site, questionID: questionID) }
    public func setBookmarked(
        _ bookmarked: Bool, question: Question, site: String, completion: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        manager.setBookmarked(bookmarked, question: question, site: site, completion: completion)
    }
    public func bookmarks() -> [Bookmark] { manager.bookmarks() }
    public func marks() -> PersonalMarks { manager.marks() }
    public var unavailableReason: String? { manager.unavailableReason }
    public func unsavedChanges(waitingAtMost deadline: Duration) -> [String] { manager.unsavedChanges(waitingAtMost: deadline) }
}
