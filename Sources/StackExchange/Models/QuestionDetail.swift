/// A question with its body and its answers (sorted by votes), as the detail view shows it.
///
/// The answers come a page (100) at a time: `answersHaveMore` says whether the API holds more, and
/// `answerPagesLoaded` how many pages `answers` holds.
public struct QuestionDetail: Sendable, Hashable {
    public var question: Question
    public var answers: [Answer]
    public var quotaRemaining: Int?
    /// True while the API has answers beyond those in `answers`.
    public var answersHaveMore: Bool
    /// The answer pages in `answers` (the next to fetch is one more).
    public var answerPagesLoaded: Int

    public init(
        question: Question, answers: [Answer], quotaRemaining: Int? = nil, answersHaveMore: Bool = false,
        answerPagesLoaded: Int = 1
    ) {
        self.question = question
        self.answers = answers
        self.quotaRemaining = quotaRemaining
        self.answersHaveMore = answersHaveMore
        self.answerPagesLoaded = answerPagesLoaded
    }

    /// Appends answer page `number` when it is the next one; returns false (changing nothing) otherwise.
    /// Answers already shown (the votes moved between pages) are not shown twice.
    @discardableResult
    public mutating func append(_ page: Page<Answer>, number: Int) -> Bool {
        guard number == answerPagesLoaded + 1 else { return false }
        let shown = Set(answers.map(\.answerID))
        answers += page.items.filter { $0.questionID == question.questionID && !shown.contains($0.answerID) }
        answersHaveMore = page.hasMore
        answerPagesLoaded = number
        if let quota = page.quotaRemaining { quotaRemaining = quota }
        return true
    }
}
