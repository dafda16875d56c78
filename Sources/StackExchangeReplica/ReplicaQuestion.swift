/// A question as the data files store it and the API serves it (body only with `filter=withbody`).
struct ReplicaQuestion: Codable, Sendable {
    var question_id: Int
    var title: String
    var link: String
    var score: Int
    var answer_count: Int
    var is_answered: Bool
    var view_count: Int
    var accepted_answer_id: Int?
    var creation_date: Int
    var last_activity_date: Int
    var last_edit_date: Int?
    var tags: [String]
    var owner: ReplicaOwner
    var content_license: String?
    var body: String?

    func shifted(by seconds: Int) -> ReplicaQuestion {
        var copy = self
        copy.creation_date += seconds
        copy.last_activity_date += seconds
        copy.last_edit_date = last_edit_date.map { $0 + seconds }
        return copy
    }
}
