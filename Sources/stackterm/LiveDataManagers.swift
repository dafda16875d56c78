import Browser
import Foundation
import Operations
import StackExchange
import StacktermCLI
import StorePorts
import Store

/// The data managers the browser talks to, with the store behind them: the one place that chooses them.
struct LiveDataManagers {
    var questions: any QuestionsDataManaging
    var details: any QuestionDetailDataManaging
    /// Any API request, for the request kinds with an endpoint of their own; with `--offline`, each fails as not
    /// connected.
    var api: any APIRequestPerforming
    /// The site picker's list, from the store when it is less than a day old (and only from there `--offline`).
    var sites: (any SiteListProviding)?
    /// The comments; with `--offline`, those of imported sites (nil, the feature off, when none is imported).
    var comments: (any CommentsDataManaging)?
    var personal: any PersonalDataManaging
    /// The store's copies of list pages and questions, which the browser reads before the network answers.
    var listCache: any QuestionListCaching
    var detailCache: any QuestionDetailCaching
    /// The queues the network and the store's writes run on; quitting waits for the writes.
    var queues: QueueManager
    /// The signed-in person's requests, drafts and kept inbox; nil when nobody is signed in. `--offline` keeps the
    /// kept inbox and drafts, and every request fails as not connected.
    var account: AccountPorts?
    /// The cache itself, so that quitting can leave its files within `[store] cache_size_mb`.
    var cache: QuestionCache
    /// The network's question pages asked for before the first frame, made into requests once it is out (`release`);
    /// nil for a launch that asks the network first (a link, a query) or not at all (`--offline`).
    var heldQuestions: HeldQuestionsDataManager?
    /// The prompts' histories and whether the help was seen.
    var remembered: any RememberedKeeping
    /// The watches in the data file and their requests.
    var watching: WatchPorts
    /// The drafts written in the editor and the times of the person's writes, in the data file.
    var drafts: any EditorDraftKeeping
    var writeTimes: any WriteTimesKeeping
    /// Where the editor's files are written (0700; each file 0600).
    var editorDirectory: URL
    /// The filters made per API, kept beside the cache; the writes' one is made once, at the first signed-in launch.
    var keptFilter: KeptFilter
    /// The API's host, the key of its kept filters.
    var apiHost: String

    /// The browser's ports: these data managers and the store's, with the terminal's opener, clipboard and notifier.
    /// `editor`, when given, runs the editor with the terminal handed over: writing is on (signed in).
    @MainActor
    func browserPorts(
        urlOpener: any URLOpening, clipboard: any Copying, notifier: any Notifying,
        editor: EditorSession.Runner? = nil, environment: [String: String] = [:]
    ) -> BrowserPorts {
        var ports = BrowserPorts(
            questions: questions, details: details, urlOpener: urlOpener, clipboard: clipboard, api: api,
            siteList: sites, comments: comments, personal: personal, listCache: listCache, detailCache: detailCache,
            account: account, remembered: remembered, watching: watching, notifier: notifier)
        if let editor, account != nil {
            let drafts = drafts
            let directory = editorDirectory
            ports.writing = WritingPorts(
                compose: { job in
                    switch EditorCommand.resolve(environment: environment) {
                    case .failure(let problem):
                        return .failed(problem.message)
                    case .success(let command):
                        let session = EditorSession(site: job.site, target: job.target, directory: directory, command: command,
                                                    drafts: drafts)
                        return session.run(text: job.text, fromDraft: job.fromDraft, runner: editor)
                    }
                },
                drafts: drafts, writeTimes: writeTimes, filter: { [keptFilter, apiHost] in
                    keptFilter.name(host: apiHost, base: "withbody", fields: WrittenPostFilter.fields)
                })
            makeWriteFilterIfMissing()
            // A file a stackterm killed while its editor ran left behind becomes its target's draft: on the background
            // lane, which is held until the first frame is out (that frame needs no draft).
            queues.enqueue(BlockOperation {
                EditorSession.recoverLeftovers(in: directory, drafts: drafts, now: Date())
            }, lane: .background)
        }
        return ports
    }

    /// Makes the filter the writes are read with when none is kept for this API yet: one request, on the background
    /// lane, once per API (the shell's `answer`, `ask` and `edit` keep and use the same one).
    @MainActor
    private func makeWriteFilterIfMissing() {
        guard keptFilter.name(host: apiHost, base: "withbody", fields: WrittenPostFilter.fields) == nil else { return }
        let request = CreateFilterRequest(base: "withbody", include: WrittenPostFilter.fields)
        let (keptFilter, host) = (keptFilter, apiHost)
        api.perform(request, as: CreatedFilter.self, priority: .background) { result in
            guard let name = (try? result.get())?.items.first?.filter else { return }
            keptFilter.keep(name, host: host, base: "withbody", fields: WrittenPostFilter.fields)
        }
    }
}

/// Makes the data managers: one client (one request policy: backoff, quota, rate limit) and one queue manager
/// serve the question list, the detail view, the site picker and the comments, the first three behind the cache;
/// `observer` (the trace writer) sees every request. `offline` leaves the network out entirely (`--offline`).
@MainActor
func makeDataManagers(
    configuration: BackendConfiguration, observer: (any NetworkEventObserver)?, offline: Bool,
    environment: [String: String], cacheSizeMegabytes: Int?, early: EarlyStore? = nil,
    watchedTags: [String: Set<String>] = [:], networkFirst: Bool = false
) -> LiveDataManagers {
    // The store's directories first, private (0700), before anything else could make a parent with the default umask.
    let paths = StorePaths(environment: environment)
    _ = PrivateDirectory.prepare(paths.cacheDirectory)
    _ = PrivateDirectory.prepare(paths.dataDirectory)
    let store = early ?? EarlyStore.start(paths: paths, networkFirst: networkFirst && !offline)
    let queues = store.queues
    let cache = store.cache
    if let cacheSizeMegabytes { cache.limit(to: cacheSizeMegabytes * 1_048_576) }
    let client = StackExchangeClient(
        configuration: configuration, queues: queues, observer: observer, rateLimit: configuration.effectiveRateLimit
    )
    // One store for every API base: what the demo's replica served shows under `--offline` too.
    let host = CacheKey.sharedHost
    let personal = store.personal ?? PersonalDataOpening(paths: paths, queues: queues)
    // Sites imported from data dumps: read with no network, and a question's first copy online.
    let imported = ImportedSiteLibrary(paths: paths)
    // A launch that paints the store's page first asks the network for it before that frame, where making the request
    // is work the frame does not need: it is made once the frame is out (`App.startNetwork`).
    let network: (any QuestionsDataManaging)? = offline ? nil : QuestionsDataManager(client: client)
    let heldQuestions = networkFirst ? nil : network.map { HeldQuestionsDataManager(network: $0) }
    let questions = CachingQuestionsDataManager(
        network: heldQuestions ?? network, cache: cache, host: host, imported: imported)
    let details = CachingDetailDataManager(
        network: offline ? nil : AnswersDataManager(client: client, embeddedAnswers: EmbeddedAnswersFilter(
            kept: KeptFilter(cacheDirectory: paths.cacheDirectory), host: configuration.baseURL.host ?? "localhost")),
        cache: cache, host: host, imported: imported)
    return LiveDataManagers(
        questions: questions,
        details: details,
        api: offline ? OfflineAPIRequests() : APIDataManager(client: client),
        sites: CachingSiteListProvider(
            network: offline ? nil : SitesDataManager(client: client), cache: cache, host: host, imported: imported),
        comments: offline ? (imported.isEmpty ? nil : ImportedCommentsDataManager(library: imported)) : CommentsDataManager(client: client),
        personal: personal,
        listCache: questions,
        detailCache: details,
        queues: queues,
        account: configuration.sendableAccessToken == nil ? nil : AccountPorts(
            requests: offline ? OfflineAccountRequests() : AccountDataManager(client: client),
            signIn: SignInKeeper(file: SignInFile(paths: paths), forgetInClient: { [client] in client.forgetAccessToken() }),
            drafts: CommentDraftFile(paths: paths), inbox: InboxFile(paths: paths),
            commentClock: CommentClock(personal: personal)),
        cache: cache,
        heldQuestions: heldQuestions,
        remembered: RememberedFile(paths: paths),
        watching: watchPorts(client: client, personal: personal, tags: watchedTags),
        drafts: EditorDraftStore(personal: personal),
        writeTimes: WriteTimesStore(personal: personal),
        editorDirectory: WriteLaunch.editorDirectory(paths),
        keptFilter: KeptFilter(cacheDirectory: paths.cacheDirectory),
        apiHost: configuration.baseURL.host ?? "localhost"
    )
}

/// The watches' ports: the data file's `WatchStore`, the client for their requests, the config's tags to add.
private func watchPorts(client: StackExchangeClient, personal: PersonalDataOpening, tags: [String: Set<String>]) -> WatchPorts {
    let store = WatchStore(personal: personal)
    // The browser's start reads the watches before its first frame: read on another thread meanwhile.
    store.readStartingStateAhead()
    let now = Date()
    let configured = tags.sorted { $0.key < $1.key }.flatMap { site, tags in
        tags.sorted().map { WatchEntry(site: site, kind: .tag, subject: $0, since: now) }
    }
    return WatchPorts(requests: LiveWatchRequests(client: client, store: store), store: store, configured: configured)
}
