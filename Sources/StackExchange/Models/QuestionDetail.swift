/// A question with its body and its answers (sorted by votes), as the detail view shows it.
public struct QuestionDetail: Sendable, Hashable {
    public var question: Question
    public var answers: [Answer]
    public var quotaRemaining: Int?

    public init(question: Question, answers: [Answer], quotaRemaining: Int? = nil) {
        self.question = question
        self.answers = answers
        self.quotaRemaining = quotaRemaining
    }
}
