import Foundation
import Synchronization

/// The questions and answers people wrote through the API while the replica ran, and their edits of any post.
///
/// Like arrivals they are kept apart from the loaded data and merged into a site's set for each request, so every read
/// sees them: a new answer in its question's answers (the question's `answer_count` and `last_activity_date` moved
/// on), a new question in the lists and search, an edited post with its new body, title, tags and `last_edit_date`.
final class WrittenPosts: Sendable {
    /// Ids of written posts start here, above the bundled data's and the arrivals'.
    static let firstID = 950_000_000

    /// What an edit changed in a post that was not written here.
    struct Edit: Sendable {
        var title: String?
        var tags: [String]?
        var body: String
        var bodyMarkdown: String
        var date: Int
    }

    private struct Values {
        var nextID = WrittenPosts.firstID
        var questions: [String: [WireQuestion]] = [:]
        var answers: [String: [WireAnswer]] = [:]
        /// Edits of posts loaded or arrived, by site and post id (a post written here is edited in place).
        var edits: [String: [Int: Edit]] = [:]
        /// The newest activity on each question from a write here (an answer, an edit of it or of one of its answers).
        var activity: [String: [Int: Int]] = [:]
    }

    private let values = Mutex(Values())

    /// Keeps `question` (its id is given here) and returns it.
    func add(_ question: WireQuestion, site: String) -> WireQuestion {
        values.withLock { values in
            var question = question
            question.questionId = values.nextID
            question.link = question.link.replacingOccurrences(of: "/questions/0", with: "/questions/\(values.nextID)")
            values.nextID += 1
            values.questions[site, default: []].append(question)
            return question
        }
    }

    /// Keeps `answer` (its id is given here), moves its question's activity on, and returns it.
    func add(_ answer: WireAnswer, site: String) -> WireAnswer {
        values.withLock { values in
            var answer = answer
            answer.answerId = values.nextID
            values.nextID += 1
            values.answers[site, default: []].append(answer)
            values.activity[site, default: [:]][answer.questionId] = answer.creationDate
            return answer
        }
    }

    /// Records an edit of question `id` on `site`.
    func editQuestion(_ id: Int, site: String, edit: Edit) {
        values.withLock { values in
            values.activity[site, default: [:]][id] = edit.date
            if let index = values.questions[site]?.firstIndex(where: { $0.questionId == id }) {
                Self.apply(edit, to: &values.questions[site]![index])
            } else {
                values.edits[site, default: [:]][id] = edit
            }
        }
    }

    /// Records an edit of answer `id` (on question `questionID`) on `site`.
    func editAnswer(_ id: Int, questionID: Int, site: String, edit: Edit) {
        values.withLock { values in
            values.activity[site, default: [:]][questionID] = edit.date
            if let index = values.answers[site]?.firstIndex(where: { $0.answerId == id }) {
                Self.apply(edit, to: &values.answers[site]![index])
            } else {
                values.edits[site, default: [:]][id] = edit
            }
        }
    }

    /// `base` with what was written and edited on `site`.
    func merged(into base: DataSet, site: String) -> DataSet {
        let (questions, answers, edits, activity) = values.withLock {
            ($0.questions[site] ?? [], $0.answers[site] ?? [], $0.edits[site] ?? [:], $0.activity[site] ?? [:])
        }
        guard !questions.isEmpty || !answers.isEmpty || !edits.isEmpty else { return base }
        var answersByQuestion = base.answersByQuestion
        if !edits.isEmpty {
            for (questionID, group) in answersByQuestion where group.contains(where: { edits[$0.answerId] != nil }) {
                answersByQuestion[questionID] = group.map { answer in
                    var answer = answer
                    if let edit = edits[answer.answerId] { Self.apply(edit, to: &answer) }
                    return answer
                }
            }
        }
        var added: [Int: Int] = [:]
        for answer in answers {
            answersByQuestion[answer.questionId, default: []].append(answer)
            added[answer.questionId, default: 0] += 1
        }
        var all = base.questions + questions
        for index in all.indices {
            let id = all[index].questionId
            if let edit = edits[id] { Self.apply(edit, to: &all[index]) }
            if let date = activity[id] { all[index].lastActivityDate = max(all[index].lastActivityDate, date) }
            all[index].answerCount += added[id] ?? 0
        }
        return DataSet(indexing: all, answersByQuestion: answersByQuestion, commentsByPost: base.commentsByPost)
    }

    static func apply(_ edit: Edit, to question: inout WireQuestion) {
        if let title = edit.title { question.title = title }
        if let tags = edit.tags { question.tags = tags }
        question.body = edit.body
        question.bodyMarkdown = edit.bodyMarkdown
        question.lastEditDate = edit.date
        question.lastActivityDate = max(question.lastActivityDate, edit.date)
    }

    static func apply(_ edit: Edit, to answer: inout WireAnswer) {
        answer.body = edit.body
        answer.bodyMarkdown = edit.bodyMarkdown
        answer.lastEditDate = edit.date
        answer.lastActivityDate = max(answer.lastActivityDate, edit.date)
    }
}
