public import StackExchange

/// One question a shell launch shows, with the answers it shows of it (best first).
public struct ShellEntry: Sendable {
    public var site: String
    public var question: Question
    public var answers: [Answer]

    public init(site: String, question: Question, answers: [Answer]) {
        self.site = site
        self.question = question
        self.answers = answers
    }

    /// A question's answers best first: the accepted one, then by score (newest first among equals).
    public static func ranked(_ answers: [Answer]) -> [Answer] {
        answers.sorted { left, right in
            if left.isAccepted != right.isAccepted { return left.isAccepted }
            if left.score != right.score { return left.score > right.score }
            return left.creationDate > right.creationDate
        }
    }
}
