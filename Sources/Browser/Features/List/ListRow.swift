public import Foundation
public import StackExchange

/// A question as the list keeps it: what a row shows, and what opening, copying or bookmarking it needs.
///
/// At 10,000 rows the list kept a whole `Question` a row, about 1 kB: the owner's other
/// fields, dates and a licence no row shows, a body when a filter brought one, the tags as an array of strings,
/// and four strings each in its own allocation. A row keeps its four strings (title, link, tags joined by
/// spaces, owner's name, all as on the wire) in one string, the counts as 32-bit values: 64 bytes inline and
/// one allocation. That string is made here, on the main thread, so the decoded page's own strings, made on
/// the network's threads, are all freed with the page and its memory can go back to the kernel
/// (`FreedMemory`): rows that kept them pinned half-empty pages of those threads' malloc arenas.
/// `question` gives the `Question` back for the screens that take one (its body and the rest arrive with the
/// detail, from the store or the network, as they did).
///
/// Question ids are per site (Super User and Stack Overflow both have a question 70000000): a row of a list of
/// several sites (the bookmarks) keeps its site, and `key`, not the id alone, tells two rows apart. A row of a
/// one-site list keeps none: its site is the list's query's.
public struct ListRow: Hashable, Sendable, Identifiable {
    public let questionID: Int
    public let creationDate: Date
    /// The title, the link, the tags, the site and the owner's name, one after the other (the lengths below say where
    /// each ends).
    private let text: String
    /// The accepted answer's id, 0 for none (the API's ids start at 1).
    private let accepted: Int
    public let score: Int32
    public let answerCount: Int32
    public let viewCount: Int32
    /// The UTF-8 lengths of the title, the link and the tags in `text`; the owner's name is the rest.
    private let titleLength: UInt16
    private let linkLength: UInt16
    private let tagsLength: UInt16
    /// The UTF-8 length of the row's own site in `text` (0 in a one-site list); a site's API name is a few bytes.
    private let siteLength: UInt8
    private let flags: Flags
    /// The signed-in person's own vote and favourite, when the filter brought them.
    public let upvoted: Bool?
    public let downvoted: Bool?
    public let favorited: Bool?

    private struct Flags: OptionSet, Hashable, Sendable {
        let rawValue: UInt8
        static let answered = Flags(rawValue: 1)
        static let hasLink = Flags(rawValue: 2)
        static let hasOwnerName = Flags(rawValue: 4)
    }

    /// What tells two rows apart: the question and, in a list of several sites, its site.
    public struct Key: Hashable, Sendable {
        public let questionID: Int
        public let site: String?
    }

    public var id: Key { key }
    public var key: Key { Key(questionID: questionID, site: site) }

    /// The row of `question`, of `site` in a list of several sites (nil in a one-site list). A string longer than
    /// 65,535 bytes (no title, link or tag list is) is cut there; a site name longer than 255 bytes (none is) is kept
    /// as no site.
    public init(_ question: Question, site: String? = nil) {
        questionID = question.questionID
        creationDate = question.creationDate
        let title = Self.capped(question.title)
        let link = Self.capped(question.link ?? "")
        let tags = Self.capped(question.tags.joined(separator: " "))
        let owner = question.owner?.displayName ?? ""
        let ownSite = site.flatMap { $0.utf8.count <= Int(UInt8.max) ? $0 : nil } ?? ""
        // Made to measure: `+` would grow the string geometrically and leave up to half of it unused.
        var text = ""
        text.reserveCapacity(title.utf8.count + link.utf8.count + tags.utf8.count + ownSite.utf8.count + owner.utf8.count)
        for part in [title, link, tags, ownSite, owner] { text.append(part) }
        self.text = text
        titleLength = UInt16(title.utf8.count)
        linkLength = UInt16(link.utf8.count)
        tagsLength = UInt16(tags.utf8.count)
        siteLength = UInt8(ownSite.utf8.count)
        accepted = question.acceptedAnswerID ?? 0
        score = Int32(clamping: question.score)
        answerCount = Int32(clamping: question.answerCount)
        viewCount = Int32(clamping: question.viewCount)
        var flags: Flags = []
        if question.isAnswered { flags.insert(.answered) }
        if question.link != nil { flags.insert(.hasLink) }
        if question.owner?.displayName != nil { flags.insert(.hasOwnerName) }
        self.flags = flags
        upvoted = question.upvoted
        downvoted = question.downvoted
        favorited = question.favorited
    }

    /// The title as on the wire (HTML-escaped); `plainTitle` is for the screen.
    public var title: String { part(0, Int(titleLength)) }
    public var link: String? { flags.contains(.hasLink) ? part(Int(titleLength), Int(linkLength)) : nil }
    /// The tags joined by spaces (a tag never holds one).
    public var tagText: String { part(Int(titleLength) + Int(linkLength), Int(tagsLength)) }
    /// The row's own site in a list of several sites (the bookmarks); nil in a one-site list.
    public var site: String? {
        siteLength == 0 ? nil : part(Int(titleLength) + Int(linkLength) + Int(tagsLength), Int(siteLength))
    }
    /// The owner's display name as on the wire.
    public var ownerName: String? {
        guard flags.contains(.hasOwnerName) else { return nil }
        let start = Int(titleLength) + Int(linkLength) + Int(tagsLength) + Int(siteLength)
        return part(start, text.utf8.count - start)
    }
    public var isAnswered: Bool { flags.contains(.answered) }
    public var acceptedAnswerID: Int? { accepted == 0 ? nil : accepted }

    /// The title as plain text for the terminal.
    public var plainTitle: String { PlainText.decode(title) }

    /// The owner's name as plain text, when the question has an owner.
    public var plainOwnerName: String? { ownerName.map(PlainText.decode) }

    public var tags: [String] { tagText.split(separator: " ").map(String.init) }

    /// The question as far as the list knows it: every field the row keeps, none of the others.
    public var question: Question {
        var question = Question(
            questionID: questionID, title: title, link: link, tags: tags, score: Int(score), answerCount: Int(answerCount),
            viewCount: Int(viewCount), isAnswered: isAnswered, acceptedAnswerID: acceptedAnswerID, creationDate: creationDate,
            owner: ownerName.map { ShallowUser(displayName: $0) }
        )
        question.upvoted = upvoted
        question.downvoted = downvoted
        question.favorited = favorited
        return question
    }

    /// `count` bytes of `text` from byte `start` (always whole characters: the parts were whole strings).
    private func part(_ start: Int, _ count: Int) -> String {
        let utf8 = text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: start)
        return String(decoding: utf8[from..<utf8.index(from, offsetBy: count)], as: UTF8.self)
    }

    /// `string`, cut to at most 65,535 UTF-8 bytes at a character boundary.
    private static func capped(_ string: String) -> String {
        guard string.utf8.count > Int(UInt16.max) else { return string }
        var cut = ""
        for character in string {
            if cut.utf8.count + character.utf8.count > Int(UInt16.max) { break }
            cut.append(character)
        }
        return cut
    }
}
