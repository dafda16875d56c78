import Foundation

/// The questions and answers a replica serves, indexed, with dates shifted so the newest question is
/// five minutes old when the replica starts.
struct DataSet: Sendable {
    let questions: [WireQuestion]
    let questionsByID: [Int: WireQuestion]
    let answersByQuestion: [Int: [WireAnswer]]
    /// The comments of each post (question or answer), oldest first.
    let commentsByPost: [Int: [WireComment]]

    /// The sites the replica answers for (see `ReplicaSites`).
    static var sites: [WireSite] { ReplicaSites.all }

    /// Loads `questions.json`, `answers.json` and (when present) `comments.json` from `directory`, or the bundled
    /// data when nil.
    static func load(from directory: URL?, now: Date = Date()) throws -> DataSet {
        guard let directory else {
            let (questions, answers, comments) = try bundled.get()
            let extra = FidelityData.make(newest: questions.map(\.creationDate).max() ?? 0)
            return DataSet(questions: questions + extra.questions, answers: answers + extra.answers, comments: comments, now: now)
        }
        let (questions, answers, comments) = try decode(from: directory)
        return DataSet(questions: questions, answers: answers, comments: comments, now: now)
    }

    /// The bundled files, decoded once per process: decoding 3 MB of JSON is most of a replica's start-up,
    /// and the test suites start dozens of replicas.
    private static let bundled: Result<([WireQuestion], [WireAnswer], [WireComment]), any Error> = Result {
        try decode(from: bundledDirectory())
    }

    static func decode(from base: URL) throws -> ([WireQuestion], [WireAnswer], [WireComment]) {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        func read<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
            let url = base.appendingPathComponent(name)
            do {
                return try decoder.decode(T.self, from: Data(contentsOf: url))
            } catch {
                throw ReplicaError.unreadableData("\(url.path): \(error)")
            }
        }
        // A data directory made before comments existed serves none.
        let hasComments = FileManager.default.fileExists(atPath: base.appendingPathComponent("comments.json").path)
        return (
            try read("questions.json", as: [WireQuestion].self), try read("answers.json", as: [WireAnswer].self),
            hasComments ? try read("comments.json", as: [WireComment].self) : []
        )
    }

    init(questions: [WireQuestion], answers: [WireAnswer], comments: [WireComment] = [], now: Date) {
        let newest = questions.map(\.creationDate).max() ?? Int(now.timeIntervalSince1970)
        let shift = Int(now.timeIntervalSince1970) - 300 - newest
        func moved(_ date: Int?) -> Int? { date.map { min($0 + shift, Int(now.timeIntervalSince1970)) } }
        var shiftedQuestions: [WireQuestion] = []
        shiftedQuestions.reserveCapacity(questions.count)
        for var question in questions {
            question.creationDate = moved(question.creationDate)!
            question.lastActivityDate = moved(question.lastActivityDate)!
            question.lastEditDate = moved(question.lastEditDate)
            question.closedDate = moved(question.closedDate)
            shiftedQuestions.append(question)
        }
        var byQuestion: [Int: [WireAnswer]] = [:]
        for var answer in answers {
            answer.creationDate = moved(answer.creationDate)!
            answer.lastActivityDate = moved(answer.lastActivityDate)!
            answer.lastEditDate = moved(answer.lastEditDate)
            byQuestion[answer.questionId, default: []].append(answer)
        }
        var byPost: [Int: [WireComment]] = [:]
        for var comment in comments {
            comment.creationDate = moved(comment.creationDate)!
            byPost[comment.postId, default: []].append(comment)
        }
        self.commentsByPost = byPost
        self.questions = shiftedQuestions
        self.questionsByID = Dictionary(shiftedQuestions.map { ($0.questionId, $0) }, uniquingKeysWith: { first, _ in first })
        self.answersByQuestion = byQuestion
    }

    static func bundledDirectory() throws -> URL {
        guard let url = Bundle.module.url(forResource: "questions", withExtension: "json", subdirectory: "Data") else {
            throw ReplicaError.unreadableData("the bundled data set is missing from \(Bundle.module.bundlePath)")
        }
        return url.deletingLastPathComponent()
    }
}
