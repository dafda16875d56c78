public import Foundation
public import StackExchange

/// One search over several sites at once (`stackterm --site so --site superuser QUERY`, or the config's
/// `sites = [...]`): each site's results as they arrive, merged into one list whose rows carry their site.
///
/// The merge interleaves the sites' relevance orders (each site's first, then each one's second…, in the order the
/// sites were named): one site's ranks say nothing about another's, so no site's best result waits behind another
/// site's tenth. A question the list already has (the same id on the same site) is never shown twice.
public struct MergedSearch: Hashable, Sendable {
    /// Where one site's search stands.
    public enum Outcome: Hashable, Sendable {
        case loading
        case arrived(count: Int)
        /// Throttled or backing off: the API names when the next request may go.
        case throttled(until: Date)
        case failed(String)
        case cancelled
    }

    /// The sites searched, in the order they were named.
    public let sites: [String]
    public private(set) var outcomes: [String: Outcome]
    /// Each site's questions, in its own relevance order.
    private var found: [String: [Question]] = [:]

    public init(sites: [String]) {
        self.sites = sites
        outcomes = Dictionary(uniqueKeysWithValues: sites.map { ($0, Outcome.loading) })
    }

    /// True while at least one site has not answered.
    public var isLoading: Bool { outcomes.values.contains(.loading) }
    /// True when every site answered and none brought anything it could show (all failed, throttled or cancelled).
    public var nothingArrived: Bool {
        !isLoading && !outcomes.values.contains { if case .arrived = $0 { true } else { false } }
    }

    /// `site`'s results arrived.
    public mutating func arrived(_ questions: [Question], site: String) {
        guard outcomes[site] == .loading else { return }
        found[site] = questions
        outcomes[site] = .arrived(count: questions.count)
    }

    /// `site`'s search ended without results (`outcome` says why).
    public mutating func ended(site: String, _ outcome: Outcome) {
        guard outcomes[site] == .loading else { return }
        outcomes[site] = outcome
    }

    /// Every site still loading is cancelled (Esc).
    public mutating func cancelRemaining() {
        for site in sites where outcomes[site] == .loading { outcomes[site] = .cancelled }
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
            case .loading?, .arrived?, nil:
                return nil
            }
        }
        return clauses.isEmpty ? nil : clauses.joined(separator: " · ")
    }
}
