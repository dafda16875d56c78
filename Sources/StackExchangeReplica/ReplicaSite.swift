/// One entry of `/sites`, trimmed to the fields a client shows.
struct ReplicaSite: Codable, Sendable {
    var name: String
    var api_site_parameter: String
    var site_url: String
    var audience: String?
    var site_type: String?
    var site_state: String?
    var launch_date: Int?
    var logo_url: String?
    var icon_url: String?
    var favicon_url: String?
    var aliases: [String]?
}
