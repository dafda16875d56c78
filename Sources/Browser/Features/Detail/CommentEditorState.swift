public import Foundation

/// The comment being written at the bottom of the detail view, as a value: its text, and where sending stands.
///
/// `editing → previewing` (Enter: the API renders it with `preview=true`) `→ confirming` (the rendered comment
/// shows; `y` posts it) `→ posting`. Within 5 seconds of the last comment, the preview or the post first goes
/// through `waiting`: the site's rule counted down on the model's clock, so the API never has to refuse. A refused
/// preview or post goes back to `editing` with the site's reason.
public struct CommentEditorState: Hashable, Sendable {
    /// The site's limits on a comment's length.
    public static let length = 15...600
    /// Seconds the site wants between two comments: kept here, so the API never has to refuse.
    public static let secondsBetweenComments: TimeInterval = 5

    public enum Phase: Hashable, Sendable {
        case editing
        case previewing
        /// The API's rendering (HTML), waiting for `y`.
        case confirming(rendered: String)
        /// Enter or `y` came sooner than 5 seconds after the last comment: the preview (or the post) goes at `until`.
        case waiting(until: Date, preview: Bool)
        case posting
        /// Enter or `y` asked when any stackterm last sent a comment (the shared clock); sends once it answers.
        case readingClock(preview: Bool)
        /// The post was sent and no answer came: the person's comments are being looked through for it.
        case checking
        /// The check could not tell (it failed too): Enter checks again; nothing is sent until it tells.
        case unverified(sentAt: Date)

        /// True while the preview waits for `y`.
        public var isConfirming: Bool {
            if case .confirming = self { return true }
            return false
        }
    }

    public let site: String
    public let questionID: Int
    public let postID: Int
    public let isQuestion: Bool
    /// How the editor names the post: `the question`, `answer by sven`.
    public let postName: String
    public var text: String
    public var phase: Phase = .editing
    /// Why the last preview or post was refused, shown above the text.
    public var problem: String?

    public init(site: String, questionID: Int, postID: Int, isQuestion: Bool, postName: String? = nil, text: String = "") {
        self.site = site
        self.questionID = questionID
        self.postID = postID
        self.isQuestion = isQuestion
        self.postName = postName ?? (isQuestion ? "the question" : "the answer")
        self.text = text
    }

    /// The length the site counts: the text without the blank ends.
    public var count: Int { text.trimmingCharacters(in: .whitespacesAndNewlines).count }
    public var isSendable: Bool { Self.length.contains(count) }

    /// Edits the text: printable characters, a new line (Alt-Enter, Ctrl-J), Backspace. Returns false for a key
    /// that is no edit.
    public mutating func edit(_ key: Key) -> Bool {
        guard phase == .editing else { return false }
        switch key {
        case .character(let character) where PromptState.isPrintable(character):
            text.append(character)
        case .control("j"):
            text.append("\n")
        case .modified(.enter, let modifiers) where modifiers.contains(.alt):
            text.append("\n")
        case .backspace, .delete:
            if !text.isEmpty { text.removeLast() }
        default:
            return false
        }
        problem = nil
        return true
    }
}
