import Foundation
public import Operations
#if canImport(Glibc)
import Glibc
#endif

/// The cache file's open, begun before the cache itself is made: at launch, as the process starts, on a thread of
/// its own, while the queues the cache needs are still being made on another (`EarlyStore`).
///
/// The first frame from the store waits for the cache's open (its page) and nothing of the queues; begun behind
/// them, the open started a millisecond or two after the process's `main`. The cache (`QuestionCache`,
/// `fileOpening`) takes the outcome and repairs what needs repairing, as for an open of its own.
public final class CacheFileOpening: Sendable {
    /// The file, its reader connection open too, or what went wrong.
    typealias Outcome = Result<StoreDatabase, StoreProblem>

    /// The file's path (`StorePaths.cacheFilePath`).
    let path: String
    /// Whether there was no file when the open began (`QuestionCache.holdsNothingYet`).
    let startedEmpty: Bool
    private let outcome: MadeAside<Outcome>

    /// Starts opening the cache file of `environment`'s XDG directories (`StorePaths`).
    public convenience init(environment: [String: String]) {
        self.init(environment: environment, beforeOpen: nil)
    }

    /// As the public `init`; `beforeOpen` runs on the opening thread before the file is opened (tests hold the open
    /// there).
    init(environment: [String: String], beforeOpen: (@Sendable () -> Void)?) {
        let path = StorePaths.cacheFilePath(environment: environment)
        self.path = path
        startedEmpty = Glibc.access(path, F_OK) != 0
        outcome = MadeAside {
            beforeOpen?()
            let result = Result { () throws(StoreProblem) in try StoreDatabase.open(URL(fileURLWithPath: path), schema: .cache) }
            // The reader connection the first page's read will use, as `QuestionCache` opens it.
            if case .success(let database) = result { try? database.pool.read { _ in } }
            return result
        }
    }

    /// The outcome, once the open has ended. One thread only: the cache's opening thread.
    var taken: Outcome { outcome.value }
}
