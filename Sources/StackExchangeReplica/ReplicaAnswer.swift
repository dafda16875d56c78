/// An answer as the data files store it and the API serves it (body only with `filter=withbody`).
struct ReplicaAnswer: Codable, Sendable {
    var answer_id: Int
    var question_id: Int
    var score: Int
    var is_accepted: Bool
    var creation_date: Int
    var last_activity_date: Int
    var last_edit_date: Int?
    var owner: ReplicaOwner
    var content_license: String?
    var body: String?

    func shifted(by seconds: Int) -> ReplicaAnswer {
        var copy = self
        copy.creation_date += seconds
        copy.last_activity_date += seconds
        copy.last_edit_date = last_edit_date.map { $0 + seconds }
        return copy
    }
}
