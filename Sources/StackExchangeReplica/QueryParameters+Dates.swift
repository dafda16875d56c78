import Foundation

/// `fromdate` and `todate`, as the API reads them: Unix seconds bounding `creation_date`, both ends included.
struct CreationDateRange: Sendable, Equatable {
    var from: Int?
    var to: Int?

    /// The range of `query`, or the refusal the API sends for a date that is not a number.
    static func parse(_ query: [String: String]) -> Result<CreationDateRange, QueryParameters.Refusal> {
        var range = CreationDateRange()
        for (name, keyPath) in [("fromdate", \CreationDateRange.from), ("todate", \CreationDateRange.to)] {
            guard let text = query[name] else { continue }
            guard let seconds = Int(text) else { return .failure(QueryParameters.Refusal(response: .badParameter(name))) }
            range[keyPath: keyPath] = seconds
        }
        return .success(range)
    }

    /// True when nothing bounds the dates.
    var isOpen: Bool { from == nil && to == nil }

    /// True when `creationDate` falls in the range.
    func contains(_ creationDate: Int) -> Bool {
        (from.map { creationDate >= $0 } ?? true) && (to.map { creationDate <= $0 } ?? true)
    }

    func filter(_ questions: [WireQuestion]) -> [WireQuestion] {
        isOpen ? questions : questions.filter { contains($0.creationDate) }
    }

    func filter(_ answers: [WireAnswer]) -> [WireAnswer] {
        isOpen ? answers : answers.filter { contains($0.creationDate) }
    }

    func filter(_ comments: [WireComment]) -> [WireComment] {
        isOpen ? comments : comments.filter { contains($0.creationDate) }
    }
}
