import Foundation
public import Operations
#if canImport(Glibc)
import Glibc
#endif

/// The data file's open and the read of its marks, begun as the process starts, on a thread of its own, before the
/// queues its manager needs are made (`EarlyStore`): the cache's open begins the same way (`CacheFileOpening`).
///
/// The first frame waits for the marks. Begun once the queues were made (a million instructions of Foundation's start
/// on the thread making them), the open of a data file of the size a person's grows to ended last of the store's work
/// before that frame, 1–2 ms after the cache's page was read. `PersonalDataOpening` hands the outcome to its manager.
public final class DataFileOpening: Sendable {
    /// The file's path (`StorePaths.dataFilePath`).
    let path: String
    private let outcome: MadeAside<PersonalDataManager.Opened>

    /// Starts opening the data file of `environment`'s XDG directories (`StorePaths`), when there is one: a file being
    /// made is made where its directory is made private (`makeDataManagers`).
    public static func begin(environment: [String: String]) -> DataFileOpening? {
        begin(path: StorePaths.dataFilePath(environment: environment), beforeOpen: nil)
    }

    /// As the public `begin`, for the file at `path`; `beforeOpen` runs on the opening thread before the file is
    /// opened (tests hold the open there).
    static func begin(path: String, beforeOpen: (@Sendable () -> Void)?) -> DataFileOpening? {
        guard Glibc.access(path, F_OK) == 0 else { return nil }
        return DataFileOpening(path: path, beforeOpen: beforeOpen)
    }

    private init(path: String, beforeOpen: (@Sendable () -> Void)?) {
        self.path = path
        outcome = MadeAside {
            beforeOpen?()
            return PersonalDataManager.open(path: path)
        }
    }

    /// The outcome, once the open has ended. One thread only: the data file's opening thread.
    var taken: PersonalDataManager.Opened { outcome.value }
}
