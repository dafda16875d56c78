import Foundation

/// The questions, answers and sites a replica serves, with answers indexed by question.
struct ReplicaDataSet: Sendable {
    var questions: [ReplicaQuestion]
    var answersByQuestion: [Int: [ReplicaAnswer]]
    var sites: [ReplicaSite]
    var questionsByID: [Int: ReplicaQuestion]

    init(questions: [ReplicaQuestion], answers: [ReplicaAnswer], sites: [ReplicaSite]) {
        self.questions = questions
        self.answersByQuestion = Dictionary(grouping: answers, by: \.question_id)
        self.sites = sites
        self.questionsByID = Dictionary(questions.map { ($0.question_id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Reads questions.json, answers.json and sites.json from `directory`.
    static func load(from directory: URL) throws(ReplicaError) -> ReplicaDataSet {
        func read<T: Decodable>(_ name: String, as type: T.Type) throws(ReplicaError) -> T {
            let url = directory.appendingPathComponent(name)
            do {
                let data = try Data(contentsOf: url)
                return try JSONDecoder().decode(T.self, from: data)
            } catch {
                throw ReplicaError.dataUnreadable(path: url.path, reason: "\(error)")
            }
        }
        return ReplicaDataSet(
            questions: try read("questions.json", as: [ReplicaQuestion].self),
            answers: try read("answers.json", as: [ReplicaAnswer].self),
            sites: try read("sites.json", as: [ReplicaSite].self)
        )
    }

    /// Loaded once per process: decoding 3 MB of JSON is the slowest part of starting a replica.
    private static let bundledResult: Result<ReplicaDataSet, ReplicaError> = {
        guard let directory = Bundle.module.url(forResource: "Data", withExtension: nil) else {
            return .failure(.dataUnreadable(path: Bundle.module.bundlePath + "/Data", reason: "bundled data missing"))
        }
        return Result { () throws(ReplicaError) in try load(from: directory) }
    }()

    static func bundled() throws(ReplicaError) -> ReplicaDataSet {
        try bundledResult.get()
    }

    /// Moves every date so that the newest date in the data set (the newest question, in the bundled data) is `age` seconds before `now`.
    func shifted(newestAge age: Int, now: Date = Date()) -> ReplicaDataSet {
        let questionDates = questions.map { max($0.creation_date, $0.last_activity_date, $0.last_edit_date ?? 0) }
        let answerDates = answersByQuestion.values.joined().map { max($0.creation_date, $0.last_activity_date, $0.last_edit_date ?? 0) }
        guard let newest = (questionDates + answerDates).max() else { return self }
        let offset = Int(now.timeIntervalSince1970) - age - newest
        return ReplicaDataSet(
            questions: questions.map { $0.shifted(by: offset) },
            answers: answersByQuestion.values.flatMap { $0 }.map { $0.shifted(by: offset) },
            sites: sites
        )
    }
}
