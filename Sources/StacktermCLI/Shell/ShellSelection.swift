public import StackExchange

/// Which questions a shell launch shows of what the sites found: the sites' lists merged by rank (each site's
/// first, then each one's second…, in the order the sites were named, as the browser merges a search of several
/// sites), the answered ones first, then the first `count` in all.
///
/// Answered comes in two steps: a question with an accepted answer or an answer voted up, then one with any answer
/// in hand; within each the sites' own order (relevance, or the sort asked for) is kept. An unanswered question is
/// shown only when nothing answered matched, and the choice says so.
public struct ShellSelection: Sendable {
    /// The questions shown, each with the answers it shows (best first).
    public var entries: [ShellEntry]
    /// True when nothing answered matched and the entries are unanswered questions.
    public var onlyUnanswered: Bool

    /// How many questions each site is asked for to show `count`: a few more than that, so that answered questions
    /// ranked below unanswered ones are in hand (the API's page size is at most 100).
    public static func pageSize(count: Int) -> Int {
        min(100, max(1, count) + 4)
    }

    /// The first `count` questions of `results` (or with `allAnswers`, the first question with every answer);
    /// `preferAnswered` off keeps the sites' order as it is (a link's question is shown whatever it holds).
    public init(
        _ results: [(site: String, questions: [Question])], count: Int, allAnswers: Bool, preferAnswered: Bool = true
    ) {
        let merged = Self.merged(results)
        let tiers = merged.map { preferAnswered ? Self.tier($0.question) : 0 }
        let best = tiers.min() ?? 0
        // Stable: the sites' merged order stays within a tier.
        let ordered = zip(merged, tiers).enumerated()
            .filter { best == Self.unanswered || $0.element.1 != Self.unanswered }
            .sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
            .map(\.element.0)
        entries = ordered.prefix(allAnswers ? 1 : max(1, count)).map { found in
            let ranked = ShellEntry.ranked(found.question.answers ?? [])
            return ShellEntry(site: found.site, question: found.question, answers: allAnswers ? ranked : Array(ranked.prefix(1)))
        }
        onlyUnanswered = preferAnswered && !entries.isEmpty && best == Self.unanswered
    }

    /// The sites' lists interleaved by rank, each question once (the same id on the same site).
    static func merged(_ results: [(site: String, questions: [Question])]) -> [(site: String, question: Question)] {
        var merged: [(site: String, question: Question)] = []
        var seen = Set<String>()
        let depth = results.map(\.questions.count).max() ?? 0
        for rank in 0..<depth {
            for (site, questions) in results where rank < questions.count {
                let question = questions[rank]
                if seen.insert("\(site) \(question.questionID)").inserted { merged.append((site, question)) }
            }
        }
        return merged
    }

    private static let unanswered = 2

    /// 0: an accepted answer or one voted up is in hand; 1: some answer is; 2: none is.
    static func tier(_ question: Question) -> Int {
        let answers = question.answers ?? []
        if answers.contains(where: { $0.isAccepted || $0.score > 0 }) { return 0 }
        return answers.isEmpty ? unanswered : 1
    }
}
