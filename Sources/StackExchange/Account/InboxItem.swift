public import Foundation

/// One item of the person's network-wide inbox (`/inbox`, `/me/inbox/unread`).
public struct InboxItem: Codable, Sendable, Hashable {
    /// The site an item belongs to, as the inbox names it.
    public struct ItemSite: Codable, Sendable, Hashable {
        public var apiSiteParameter: String
        public var name: String

        public init(apiSiteParameter: String, name: String) {
            self.apiSiteParameter = apiSiteParameter
            self.name = name
        }

        enum CodingKeys: String, CodingKey {
            case apiSiteParameter = "api_site_parameter"
            case name
        }
    }

    /// `comment`, `new_answer`, `chat_message`, `meta_question`…, as the API names it.
    public var itemType: String
    public var questionID: Int?
    public var answerID: Int?
    public var commentID: Int?
    /// HTML-escaped, as on the wire.
    public var title: String
    public var creationDate: Date
    public var isUnread: Bool
    public var site: ItemSite
    public var link: String?

    public init(
        itemType: String, questionID: Int?, answerID: Int? = nil, commentID: Int? = nil, title: String, creationDate: Date,
        isUnread: Bool, site: ItemSite, link: String? = nil
    ) {
        self.itemType = itemType
        self.questionID = questionID
        self.answerID = answerID
        self.commentID = commentID
        self.title = title
        self.creationDate = creationDate
        self.isUnread = isUnread
        self.site = site
        self.link = link
    }

    enum CodingKeys: String, CodingKey {
        case itemType = "item_type"
        case questionID = "question_id"
        case answerID = "answer_id"
        case commentID = "comment_id"
        case title
        case creationDate = "creation_date"
        case isUnread = "is_unread"
        case site, link
    }

    public var plainTitle: String { PlainText.decode(title) }
    /// The type as words: `new answer`.
    public var typeName: String { itemType.replacingOccurrences(of: "_", with: " ") }
}
