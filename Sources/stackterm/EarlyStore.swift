import Foundation
import Operations
import Store
import StacktermCLI

/// The cache, opening on another thread while the command line is parsed and the config is read.
///
/// The cache's open takes a few milliseconds at launch, and reading the command line and the config, starting curses and the
/// rest of the main thread's work before the first frame about as long; they need nothing of each other, and the
/// first frame from the store waits for both. It starts before the command line is read:
/// even `BrowseCommandLine`'s hand reading is the first use of the options' types and of URL parsing, so it is
/// decided here from the arguments' names alone. The file's open itself begins first, on a thread of its own
/// (`CacheFileOpening`), and the queues and the cache are made on another meanwhile. The person's data file, when it
/// is there, begins opening beside the cache's (`DataFileOpening`): its integrity check and marks, which the first
/// frame waits for, no longer wait for the queues (a million instructions of Foundation's start). Begun once the queues
/// were made, its open ended last of the store's work before the first frame; begun with the cache's, the first rows
/// came 3.5 % sooner with a data file of the size a person's grows to (1,000 read marks, 100 bookmarks) and 4.6 %
/// sooner with a small one (launches in turns, tmux, n=14 each). A data file still to be made opens in
/// `makeDataManagers`, after its directory is made private.
///
/// The cache's place comes from the environment alone. Only a launch that will browse opens it this early: one
/// whose terminal is a terminal and whose arguments name no other command (`--help`, `--cache-info`, `login`…,
/// `StacktermOptions.otherCommands`). Any other launch leaves it to `makeDataManagers`; one that turns out not to
/// browse (a bad option, a bad config) exits with it half open, having made at most the cache's directory and
/// file, as browsing would have. What it wins on the warm first frame is in BENCHMARKS.md.
struct EarlyStore {
    let queues: QueueManager
    let cache: QuestionCache
    /// The data file, opening since the process started (`DataFileOpening`), when it was there.
    var personal: PersonalDataOpening?

    /// Starts opening the store if this launch will browse.
    static func startIfBrowsing(arguments: [String], environment: [String: String]) -> EarlyStoreStart? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1,
              !arguments.dropFirst().contains(where: StacktermOptions.otherCommands.contains)
        else { return nil }
        // A link or a query is loading libcurl on another thread (`NetworkWarmUp`), and a thread started meanwhile
        // waits for the loader's lock: that launch makes its store here, as it reads its arguments.
        if NetworkAtLaunch.isNeeded(Array(arguments.dropFirst())) {
            return EarlyStoreStart(made: start(paths: StorePaths(environment: environment), networkFirst: true))
        }
        return EarlyStoreStart(environment: environment)
    }

    /// The queues, held until the first frame is out (`App.run`: nothing that frame needs runs on them), and the
    /// cache at `paths`, opening on another thread within the default size limit (`makeDataManagers` applies the
    /// config's once it is read), and the data file opening on a third when it is there. `makeDataManagers` starts one
    /// this way when the launch did not.
    ///
    /// `networkFirst` (a link, a query: `NetworkAtLaunch`) holds the background lane only: the first frame worth having
    /// is the answer, whose request goes out as soon as the model asks for it, not after the "loading" frame.
    static func start(
        paths: StorePaths, networkFirst: Bool = false, fileOpening: CacheFileOpening? = nil, dataOpening: DataFileOpening? = nil
    ) -> EarlyStore {
        let queues = QueueManager()
        if networkFirst { queues.holdBackground() } else { queues.hold() }
        // The integrity check reads the whole file: after the first frames, not during them.
        let cache = fileOpening.map { QuestionCache(paths: paths, queues: queues, checkDelay: 3, fileOpening: $0) }
            ?? QuestionCache(paths: paths, queues: queues, checkDelay: 3)
        // The data file too, when it is there (its directory then is too); `makeDataManagers` opens one still to be made.
        let personal = dataOpening != nil || access(paths.dataFilePath, F_OK) == 0
            ? PersonalDataOpening(paths: paths, queues: queues, opening: dataOpening) : nil
        return EarlyStore(queues: queues, cache: cache, personal: personal)
    }
}

/// An `EarlyStore` being made on another thread, for the main thread to take when it needs it (`store`).
///
/// Making it costs the main thread about a million instructions that the first frame does not need done there: the
/// process's first `OperationQueue`s, which Foundation names by printing their address, and the first print of a
/// pointer looks its type's conformances up through every conformance record of the program. Another core does it
/// meanwhile; the main thread waits only if it gets to the store first.
struct EarlyStoreStart: Sendable {
    private let making: MadeAside<EarlyStore>

    /// Starts making the store on another thread, at the place `environment` names (worked out there too: the
    /// process's first `URL`s cost as much again).
    init(environment: [String: String]) {
        // The cache's file first, on a thread of its own: the first frame waits for it, and for nothing of the queues.
        let fileOpening = CacheFileOpening.begin(environment: environment)
        // The data file's too: the first frame waits for its marks, and for nothing of the queues either.
        let dataOpening = DataFileOpening.begin(environment: environment)
        making = MadeAside {
            EarlyStore.start(paths: StorePaths(environment: environment), fileOpening: fileOpening, dataOpening: dataOpening)
        }
    }

    /// A store already made.
    init(made store: EarlyStore) {
        making = MadeAside(made: store)
    }

    /// The store, once made (waiting for it if it is not yet). Main thread only.
    var store: EarlyStore { making.value }
}
