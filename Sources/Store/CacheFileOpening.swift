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
    private let outcome: MadeAside<Outcome>

    /// Starts opening the cache file of `environment`'s XDG directories (`StorePaths`), when there is one: a cache
    /// being made holds nothing the first frame could show (`QuestionCache.holdsNothingYet`), and making it beside
    /// the main thread's start held the `main` mark back (BENCHMARKS.md, "The warm start on two cores"); the cache
    /// makes it as before.
    public static func begin(environment: [String: String]) -> CacheFileOpening? {
        begin(environment: environment, beforeOpen: nil)
    }

    /// As the public `begin`; `beforeOpen` runs on the opening thread before the file is opened (tests hold the open
    /// there).
    static func begin(environment: [String: String], beforeOpen: (@Sendable () -> Void)?) -> CacheFileOpening? {
        let path = StorePaths.cacheFilePath(environment: environment)
        guard Glibc.access(path, F_OK) == 0 else { return nil }
        return CacheFileOpening(path: path, beforeOpen: beforeOpen)
    }

    private init(path: String, beforeOpen: (@Sendable () -> Void)?) {
        self.path = path
        outcome = MadeAside {
            beforeOpen?()
            // No reader's connection: the launch's first page is read on the writer's (`QuestionCache.listPage`).
            return Result { () throws(StoreProblem) in try StoreDatabase.open(path: path, schema: .cache) }
        }
    }

    /// The outcome, once the open has ended. One thread only: the cache's opening thread.
    var taken: Outcome { outcome.value }
}
