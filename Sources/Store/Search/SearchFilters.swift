import GRDB

/// A `SearchQuery`'s operators as SQL conditions on the document row `d`. Filters that only questions have
/// (`answers:`, `hasaccepted:`, `closed:`) keep to questions, as on the site; `isaccepted:` to answers.
enum SearchFilters {
    static func add(_ query: SearchQuery, to filters: inout [String], arguments: inout [any DatabaseValueConvertible]) {
        for tag in query.tags {
            filters.append("instr(d.tags, ?) > 0")
            arguments.append("|\(tag)|")
        }
        if let score = query.score { range("d.score", score, &filters, &arguments) }
        if let answers = query.answers {
            filters.append("d.kind = 1")
            range("d.answers", answers, &filters, &arguments)
        }
        switch query.kind {
        case .question: filters.append("d.kind = 1")
        case .answer: filters.append("d.kind = 2")
        case nil: break
        }
        if let accepted = query.isAccepted { filters.append("d.kind = 2 AND d.accepted = \(accepted ? 1 : 0)") }
        if let accepted = query.hasAccepted { filters.append("d.kind = 1 AND d.accepted = \(accepted ? 1 : 0)") }
        if let closed = query.closed { filters.append("d.kind = 1 AND d.closed = \(closed ? 1 : 0)") }
        if let user = query.userID {
            filters.append("d.user_id = ?")
            arguments.append(user)
        }
        if let created = query.created {
            filters.append("d.created >= ? AND d.created < ?")
            arguments += [created.lowerBound, created.upperBound]
        }
    }

    private static func range(
        _ column: String, _ range: ClosedRange<Int>, _ filters: inout [String], _ arguments: inout [any DatabaseValueConvertible]
    ) {
        if range.lowerBound > Int.min { filters.append("\(column) >= ?"); arguments.append(range.lowerBound) }
        if range.upperBound < Int.max { filters.append("\(column) <= ?"); arguments.append(range.upperBound) }
    }
}
