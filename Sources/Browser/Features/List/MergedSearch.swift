public import Foundation
public import StackExchange

/// One search over several sites at once (`stackterm --site so --site superuser QUERY`, or the config's
/// `sites = [...]`): each site's results as they arrive, merged into one list whose rows carry their site.
///
/// The merge interleaves the sites' relevance orders (each site's first, then each one's second…, in the order the
/// sites were named): one site's ranks say nothing about another's, so no site's best result waits behind another
/// site's tenth. A question the list already has (the same id on the same site) is never shown twice. Which sites
/// are still out is the ledger's to know (their `RequestPurpose.mergedSearch` requests): this keeps what each site
/// that answered brought.
public struct MergedSearch: Hashable, Sendable {
    /// How one site's search ended.
    public enum Outcome: Hashable, Sendable {
        case arrived(count: Int)
        /// Throttled or backing off: the API names when the next request may go.
        case throttled(until: Date)
        case failed(String)
        case cancelled
    }

    /// The sites searched, in the order they were named.
    public let sites: [String]
    /// How each site that answered (or was cancelled) ended; a site not here is still out.
    public private(set) var outcomes: [String: Outcome] = [:]
    /// Each site's questions, in its own relevance order.
    private var found: [String: [Question]] = [:]

    public init(sites: [String]) {
        self.sites = sites
    }

    /// The site a site's search of a merged search serves, when `purpose` is one.
    public static func site(of purpose: RequestPurpose) -> String? {
        if case .mergedSearch(let site) = purpose { return site }
        return nil
    }

    /// The sites whose search `ledger` has in flight, in the order they were named.
    public func waiting(in ledger: RequestLedger) -> [String] {
        let out = Set(ledger.entries { Self.site(of: $0) != nil }.compactMap { Self.site(of: $0.purpose) })
        return sites.filter(out.contains)
    }

    /// True while `ledger` has at least one site's search in flight.
    public func isWaiting(in ledger: RequestLedger) -> Bool { !waiting(in: ledger).isEmpty }

    /// True when no site brought anything it could show (all failed, throttled or cancelled): asked once none is out.
    public var nothingArrived: Bool {
        !outcomes.values.contains { if case .arrived = $0 { true } else { false } }
    }

    /// `site`'s results arrived.
    public mutating func arrived(_ questions: [Question], site: String) {
        guard outcomes[site] == nil else { return }
        found[site] = questions
        outcomes[site] = .arrived(count: questions.count)
    }

    /// `site`'s search ended without results (`outcome` says why).
    public mutating func ended(site: String, _ outcome: Outcome) {
        guard outcomes[site] == nil else { return }
        outcomes[site] = outcome
    }

    /// The searches of `cancelled` were cancelled while out (Esc).
    public mutating func cancelled(sites cancelled: [String]) {
        for site in cancelled where outcomes[site] == nil { outcomes[site] = .cancelled }
    }

    /// The rows so far: the sites' results interleaved by rank, each row keeping its site.
    public var rows: [ListRow] {
        var rows: [ListRow] = []
        var seen = Set<ListRow.Key>()
        let lists = sites.map { found[$0] ?? [] }
        let depth = lists.map(\.count).max() ?? 0
        for rank in 0..<depth {
            for (index, list) in lists.enumerated() where rank < list.count {
                let row = ListRow(list[rank], site: sites[index])
                if seen.insert(row.key).inserted { rows.append(row) }
            }
        }
        return rows
    }

    /// Every site's questions, for the paging machine's page (the rows are `rows`).
    public var allQuestions: [Question] { sites.flatMap { found[$0] ?? [] } }

    /// What the status bar says of the sites that did not bring results, one clause each (empty when all did);
    /// `now` counts a throttle's wait down.
    public func problems(now: Date) -> String? {
        let clauses = sites.compactMap { site -> String? in
            switch outcomes[site] {
            case .throttled(let until)?:
                let seconds = max(0, Int(until.timeIntervalSince(now).rounded(.up)))
                return "\(site): throttled, next request in \(seconds)s"
            case .failed(let message)?:
                return "\(site): \(message)"
            case .cancelled?:
                return "\(site): cancelled"
            case .arrived?, nil:
                return nil
            }
        }
        return clauses.isEmpty ? nil : clauses.joined(separator: " · ")
    }
}
