public import Foundation
import Operations
public import StackExchange
public import Store

/// A launch that answers on stdout instead of opening the screen: `--print`, `--json`, or any query or link whose
/// stdout is not a terminal. Everything it sends goes through the browser's client and the pauses kept in the data
/// file (`ShellFetcher`); `--offline` searches the store as the browser does (`StoreSearch`: the imported sites and
/// the cache). What it shows of the questions found is `ShellSelection`'s choice.
public struct ShellCommand {
    /// What is asked.
    public enum Target: Sendable {
        /// Words to search for.
        case query(String)
        /// A question's link, as typed and as read.
        case link(String, QuestionAddress)
    }

    /// What one site gave: how its request ended, and its questions (each with its answers).
    typealias SiteQuestions = (site: String, outcome: ShellExit.SiteOutcome, questions: [Question])

    public var target: Target
    /// The sites a query searches (a link names its own).
    public var sites: [String]
    public var json: Bool
    public var count: Int
    public var allAnswers: Bool
    public var offline: Bool
    public var sort: QuestionSort
    /// Where the text goes, with how it is laid out (the terminal's width and colours, or a pipe's none).
    public var text: AnswerText
    /// Writes to stdout; false once the reader has gone (a closed pipe).
    public var write: (String) -> Bool
    /// Writes one line to stderr.
    public var complain: (String) -> Void
    /// The filter's name kept from an earlier launch, saving `/filters/create` (nil: made every time).
    public var keptFilter: KeptFilter?
    /// Marks a step in the `--trace` file (`output`, `stored`); nothing without one.
    public var mark: (String) -> Void = { _ in }
    /// The pauses and answers every stackterm keeps in the data file (nil: none are read or kept).
    public var pauses: (any PauseKeeping)?
    /// The imported sites, searched `--offline` (nil: none).
    public var imported: ImportedSiteLibrary?
    /// When a failed request is tried again (the client given to `run` must not retry itself).
    public var retry: RetryPolicy = .standard
    /// Shown on stderr while the answer is awaited (a terminal's), erased before anything is written.
    public var spinner: WaitSpinner?

    public init(
        target: Target, sites: [String], json: Bool, count: Int, allAnswers: Bool, offline: Bool, sort: QuestionSort,
        text: AnswerText, write: @escaping (String) -> Bool, complain: @escaping (String) -> Void
    ) {
        self.target = target
        self.sites = sites
        self.json = json
        self.count = count
        self.allAnswers = allAnswers
        self.offline = offline
        self.sort = sort
        self.text = text
        self.write = write
        self.complain = complain
    }

    /// Asks, writes the answer and returns the exit status. `client` sends the requests; `cache` is read `--offline`.
    public func run(client: StackExchangeClient?, cache: QuestionCache?, host: String) -> ShellExit {
        let results: [SiteQuestions]
        let store = StoreSearch(cache: cache, host: host, imported: imported)
        spinner?.start()
        if offline {
            results = local(store)
        } else if let client {
            results = remote(ShellFetcher(client: client, pauses: pauses, retry: retry))
        } else {
            results = []
        }
        spinner?.stop()
        var isQuery = false
        if case .query = target { isQuery = true }
        let selection = ShellSelection(
            results.map { ($0.site, $0.questions) }, count: count, allAnswers: allAnswers, preferAnswered: isQuery)
        let entries = selection.entries
        if selection.onlyUnanswered {
            complain(entries.count == 1 ? "no answered question matched: this one has no answers yet"
                                        : "no answered question matched: these have no answers yet")
        }
        while offline, let notice = store.takeNotice() { complain(notice) }
        for result in results {
            switch result.outcome {
            case .ok: break
            case .throttled(let seconds): complain("\(result.site): throttled by the API: try again in \(seconds) seconds")
            case .error(_, _, let message): complain("\(result.site): \(message)")
            }
        }
        let status = ShellExit.status(found: !entries.isEmpty, outcomes: results.map(\.outcome))
        let output: String
        if json {
            var query: String?, link: String?
            switch target {
            case .query(let text): query = text
            case .link(let text, _): link = text
            }
            output = AnswerJSON.document(
                query: query, link: link, local: offline, outcomes: results.map { ($0.site, $0.outcome) }, entries: entries)
        } else if entries.isEmpty {
            if status == .nothing { complain(offline ? nothingStored() : "nothing found") }
            return status
        } else {
            output = text.text(entries, notice: offline ? "(local results: from the store, not the network)" : nil)
        }
        // A reader that went away (`| head -3`) ends the launch quietly with a pipe's status, once what came is filed.
        let delivered = write(output)
        mark("output")
        if !offline, let cache {
            keep(results.flatMap { result in result.questions.map { (result.site, $0) } }, in: cache, host: host)
            ShellWAL.truncateIfLarge(cache)
            mark("stored")
        }
        return delivered ? status : .brokenPipe
    }

    /// Each site's questions from the network, with their answers.
    private func remote(_ fetcher: ShellFetcher) -> [SiteQuestions] {
        let askedSites: [String]
        switch target {
        case .query: askedSites = sites
        case .link(_, let link): askedSites = [link.site]
        }
        let host = fetcher.client.configuration.baseURL.host ?? "localhost"
        let fields = ShellFetcher.filterFields
        if let kept = keptFilter?.name(host: host, fields: fields) {
            let results = remote(fetcher, filter: kept)
            // A name the API no longer reads (another API at this host): made again, once.
            let refused = results.contains { result in
                if case .error(400, "bad_parameter", let message) = result.outcome { message.hasSuffix(": filter") } else { false }
            }
            if !refused { return results }
        }
        switch fetcher.filter() {
        case .success(let name):
            keptFilter?.keep(name, host: host, fields: fields)
            return remote(fetcher, filter: name)
        case .failure(let error):
            return askedSites.map { ($0, ShellExit.SiteOutcome(error), []) }
        }
    }

    /// Each site's questions, asked with `filter`.
    private func remote(_ fetcher: ShellFetcher, filter: String) -> [SiteQuestions] {
        switch target {
        case .query(let text):
            let pageSize = ShellSelection.pageSize(count: allAnswers ? 1 : count)
            return fetcher.search(text, sites: sites, count: pageSize, sort: sort, filter: filter).map { found in
                switch found.result {
                case .success(let questions): (found.site, .ok, questions)
                case .failure(let error): (found.site, ShellExit.SiteOutcome(error), [])
                }
            }
        case .link(_, let link):
            var questionID = link.questionID
            if questionID == nil, let answerID = link.answerID {
                switch fetcher.questionID(ofAnswer: answerID, site: link.site) {
                case .success(let id): questionID = id
                case .failure(let error): return [(link.site, ShellExit.SiteOutcome(error), [])]
                }
            }
            // An answer the site does not have: the site answered, and nothing was found.
            guard let questionID else { return [(link.site, .ok, [])] }
            let found = fetcher.questions([questionID], site: link.site, filter: filter)
            switch found.result {
            case .success(let questions):
                return [(link.site, .ok, questions.map { linked($0, answerID: link.answerID) })]
            case .failure(let error):
                return [(link.site, ShellExit.SiteOutcome(error), [])]
            }
        }
    }

    /// A linked answer shows first: the question keeps only it unless every answer is asked for.
    private func linked(_ question: Question, answerID: Int?) -> Question {
        guard let answerID, var answers = question.answers, let index = answers.firstIndex(where: { $0.answerID == answerID })
        else { return question }
        var question = question
        let answer = answers.remove(at: index)
        question.answers = allAnswers ? [answer] + ShellEntry.ranked(answers) : [answer]
        return question
    }

    /// Files the questions that came with their answers in the store, as the browser's detail would: `--offline` finds
    /// them later, and the browser opens them at once. Written after the output, so it never holds the answer up.
    private func keep(_ found: [(site: String, question: Question)], in cache: QuestionCache, host: String) {
        let now = Date()
        for (site, question) in found where question.answers != nil || question.answerCount == 0 {
            var bare = question
            bare.answers = nil
            let answers = (question.answers ?? []).sorted { $0.score > $1.score }
            cache.write(QuestionDetail(question: bare, answers: answers), host: host, site: site, at: now)
        }
    }

    /// Each site's questions from the store, searched as the browser searches it offline.
    private func local(_ store: StoreSearch) -> [SiteQuestions] {
        switch target {
        case .query(let text):
            let limit = ShellSelection.pageSize(count: allAnswers ? 1 : count)
            return sites.map { site in (site, .ok, store.questions(matching: text, site: site, limit: limit)) }
        case .link(_, let link):
            guard let id = link.questionID, let question = store.question(id, site: link.site) else { return [(link.site, .ok, [])] }
            return [(link.site, .ok, [linked(question, answerID: link.answerID)])]
        }
    }

    /// What `--offline` says when the store has nothing: and which imported sites were not searched, if any.
    private func nothingStored() -> String {
        let others = (imported?.siteNames ?? []).filter { !sites.contains($0) }
        guard !others.isEmpty else { return "nothing found in the local store" }
        let names = others.prefix(3).joined(separator: ", ") + (others.count > 3 ? "…" : "")
        return "nothing found in the local store of \(sites.joined(separator: ", ")); also imported: \(names) (name one with --site)"
    }
}
