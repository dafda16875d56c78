public import Foundation
public import StackExchange
public import StorePorts

/// A text written in the person's editor on its way to the site, as the writing screen shows it: the draft offered
/// back, the checks of a new question with the questions that may already ask it, the site's preview, the post, and
/// what became of a post whose answer never came.
///
/// The text is the editor file's whole text (`text`), kept as the target's draft from the moment the editor returns
/// until it is posted or discarded; `submission` is what was read back from it.
public struct WritingState: Equatable, Sendable {
    /// Where the text is on its way.
    public enum Phase: Equatable, Sendable {
        /// A draft of this target is kept from before: `e` edits it, `d` discards it and starts afresh.
        case draftOffered(EditorDraft)
        /// The editor has the terminal (or the post an edit starts from is read).
        case editing
        /// A new question's tags and similar questions are being looked up.
        case checking
        /// A new question's checks are in: the tags the site does not know and the questions that may already ask
        /// it; `p` goes on to the preview.
        case maybeAsked
        /// The site's preview is asked for.
        case previewing
        /// The site's rendering of the text: `p` posts it.
        case preview(WrittenPost)
        /// The site refused the text (or a check before sending did): its messages, whole.
        case refused([String])
        /// An edit: the post was edited on the site after this edit began (its `last_edit_date`).
        case changedOnSite(Date)
        /// The write is in flight, sent at this time.
        case posting(sentAt: Date)
        /// The write's answer never came: the site is asked whether it was posted.
        case verifying(sentAt: Date)
    }

    /// What one's own post is read for (`BrowserRequest.postMarkdown`).
    public enum PostRead: Hashable, Sendable {
        /// The Markdown an edit starts from, and its `last_edit_date`.
        case beginEdit
        /// Whether the post changed on the site while it was edited, just before the edit is sent.
        case beforePosting
    }

    /// A tag of a new question the site does not know, with the nearest names it does.
    public struct UnknownTag: Equatable, Sendable {
        public var name: String
        public var nearest: [String]
    }

    public var site: String
    public var target: WriteTarget
    /// The question the text is about (its title, for the screen's header and the editor's instructions).
    public var questionTitle: String?
    public var questionLink: String?
    /// The editor file's whole text: the draft.
    public var text: String = ""
    /// What was read back from the file, once the editor returned with text.
    public var submission: EditorSubmission?
    /// For an edit: the post's `last_edit_date` (or creation date) when the edit began.
    public var editBase: Date?
    /// For an edit: the summary asked for before sending.
    public var editSummary: String?
    /// A new question's checks: the unknown tags and the similar questions (up to 5).
    public var unknownTags: [UnknownTag] = []
    public var similar: [Question] = []
    /// The lengths and counts the text breaks, before anything is sent.
    public var problems: [String] = []
    public var phase: Phase
    /// The question the text is about, as the detail view had it (for an edit: to open its new version).
    public var question: Question?
    /// The site's limits on writes, once `/me/write-permissions` answered (empty: it did not say).
    public var limits: [WritePermission]?
    /// The times of the person's writes on the site, as the data file had them just before posting.
    public var clock: WriteClock?
    /// An edit: the post was read again just before sending and had not changed (or `p` said post anyway).
    public var editChecked = false
    /// The filter the writes' answers are shaped by (the rendered `body` and the `body_markdown`).
    public var filter = "withbody"
    /// The similar question selected (`maybeAsked`).
    public var selection = 0
    /// The first line shown (the preview, the site's messages).
    public var scroll = 0

    public init(site: String, target: WriteTarget, questionTitle: String? = nil, questionLink: String? = nil,
                phase: Phase) {
        self.site = site
        self.target = target
        self.questionTitle = questionTitle
        self.questionLink = questionLink
        self.phase = phase
    }

    /// The question the write is about, for an answer or an edit of a question; nil for a new question and for an
    /// edited answer (whose question the detail view knows).
    public var questionID: Int? {
        switch target {
        case .answer(let id), .editQuestion(let id): id
        case .question, .editAnswer: nil
        }
    }

    /// Whether a request of the screen is in flight (a key waits for it).
    public var isWaiting: Bool {
        switch phase {
        case .checking, .previewing, .posting, .verifying: true
        case .editing, .draftOffered, .maybeAsked, .preview, .refused, .changedOnSite: false
        }
    }

    /// What the text is, for the header: "answer to: Title", "new question on stackoverflow", "edit of: Title".
    public var subject: String {
        let title = questionTitle.map { PlainText.decode($0) }
        switch target {
        case .answer: return "answer to: " + (title ?? target.summary)
        case .question: return "new question on \(site)"
        case .editQuestion: return "edit of: " + (title ?? target.summary)
        case .editAnswer: return "edit of your answer" + (title.map { " to: \($0)" } ?? "")
        }
    }
}
