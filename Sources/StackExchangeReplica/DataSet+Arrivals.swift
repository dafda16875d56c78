/// A data set built from parts already dated and grouped (the loaded set with what arrived since).
extension DataSet {
    init(indexing questions: [WireQuestion], answersByQuestion: [Int: [WireAnswer]], commentsByPost: [Int: [WireComment]]) {
        self.questions = questions
        self.questionsByID = Dictionary(questions.map { ($0.questionId, $0) }, uniquingKeysWith: { first, _ in first })
        self.answersByQuestion = answersByQuestion
        self.commentsByPost = commentsByPost
    }
}
