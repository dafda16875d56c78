/// The `owner` of a question or answer; deleted users have only a display name and `does_not_exist`.
struct ReplicaOwner: Codable, Sendable {
    var user_id: Int?
    var display_name: String
    var reputation: Int?
    var user_type: String
    var link: String?
}
