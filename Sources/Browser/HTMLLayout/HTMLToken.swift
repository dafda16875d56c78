/// One piece of an HTML body: text (entities decoded), a start or end tag, or a comment.
///
/// Tag and attribute names are lowercased; attribute values have their entities decoded. Nothing here is
/// sanitized for the terminal yet: the block builder strips control characters as it places text.
enum HTMLToken: Hashable, Sendable {
    case text(String)
    case startTag(name: String, attributes: [String: String], selfClosing: Bool)
    case endTag(name: String)
    case comment(String)
}
