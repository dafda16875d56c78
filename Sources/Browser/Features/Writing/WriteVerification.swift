public import Foundation
public import StackExchange
public import StorePorts

/// A write whose answer never came (a timeout, a lost connection, a process that died while it was out), and how
/// to learn whether it landed before anything else happens. Writes are never retried: a text is sent again only
/// after it was looked for on the site and not found.
public struct WriteVerification: Hashable, Sendable {
    /// How far before the write's start a found post may be dated: the site's clock and this machine's differ.
    public static let clockSlack: TimeInterval = 600

    public var site: String
    public var target: WriteTarget
    /// What was sent.
    public var submission: EditorSubmission
    /// When the write was sent.
    public var sentAt: Date
    /// The signed-in person, when known: a found post must be theirs.
    public var userID: Int?

    public init(site: String, target: WriteTarget, submission: EditorSubmission, sentAt: Date, userID: Int?) {
        self.site = site
        self.target = target
        self.submission = submission
        self.sentAt = sentAt
        self.userID = userID
    }

    /// The read that finds the write if it landed: the question's newest answers for an answer, the person's own
    /// questions since the write for a question, the post itself for an edit. `filter` must include `body_markdown`.
    public func request(filter: String) -> any APIRequest {
        switch target {
        case .answer(let questionID):
            NewestAnswersRequest(site: site, questionID: questionID, filter: filter)
        case .question:
            MyPostsRequest(site: site, questions: true, since: sentAt.addingTimeInterval(-Self.clockSlack), filter: filter)
        case .editQuestion(let id):
            PostMarkdownRequest(site: site, postID: id, isQuestion: true, filter: filter)
        case .editAnswer(let id):
            PostMarkdownRequest(site: site, postID: id, isQuestion: false, filter: filter)
        }
    }

    /// What the read's posts say: the post the write made (or the edit it changed) when one carries the text sent,
    /// else not posted.
    public func verdict(found posts: [WrittenPost]) -> WriteVerdict {
        let sent = Self.normalized(submission.body)
        let match = posts.first { post in
            guard let markdown = post.plainBodyMarkdown, Self.normalized(markdown) == sent else { return false }
            if target.hasHeaders, let title = submission.title,
               Self.normalized(post.plainTitle ?? "") != Self.normalized(title) { return false }
            switch target {
            case .answer, .question:
                if let userID, let owner = post.owner?.userID, owner != userID { return false }
                if let created = post.creationDate, created < sentAt.addingTimeInterval(-Self.clockSlack) { return false }
                return true
            case .editQuestion, .editAnswer:
                // The post carries the text sent: whether this edit or an earlier one put it there, it is on the site.
                return true
            }
        }
        return match.map(WriteVerdict.posted) ?? .notPosted
    }

    /// Text compared as the site keeps it: LF line ends, trailing blanks of each line and blank lines around it dropped,
    /// runs of blanks made one.
    static func normalized(_ text: String) -> String {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ") }
        return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Whether a write whose answer never came landed.
public enum WriteVerdict: Hashable, Sendable {
    /// It did: this is the post as the site has it.
    case posted(WrittenPost)
    /// It did not: the draft is kept, and may be sent again.
    case notPosted

    /// What to tell the person.
    public var message: String {
        switch self {
        case .posted(let post):
            "posted (the site's answer never came, but the post is there)" + (post.link.map { ": \($0)" } ?? "")
        case .notPosted:
            "not posted: your draft is kept"
        }
    }
}
