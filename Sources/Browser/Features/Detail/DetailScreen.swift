import Foundation
import StackExchange

/// The question detail screen: the open question (`DetailState`, with its `DetailMachine`, comments and find), the
/// comment editor over it, and what its writes need (the comment clock, the writes whose outcome is unknown). It
/// sends its requests through the context's ledger; the help, the inbox, the find prompt and the marks it toggles
/// are `ScreenTransition`s the model carries out.
public struct DetailScreen: Equatable, Sendable {
    /// The open question, or nil on the list screen.
    public var detail: DetailState?
    /// The comment being written, while the editor is open.
    public var editor: CommentEditorState?
    /// How many questions were opened: names each detail's content revisions (`DetailState.Revision`).
    var opened = 0
    /// The answer a command-line link points at, until the detail has scrolled to it (`scrollToLinkedAnswer`).
    var pendingAnswerScroll: Int?
    /// The opening of the question a command-line link launched, while it is the one showing: `q` on it quits, as it
    /// would on the list the person never saw (Esc and `h` still go to the list beneath).
    var linkOpening: Int?
    /// When a comment was last sent (by this run, or by any stackterm as the data file said): the next waits out
    /// the site's 5 seconds on the model's clock.
    var lastCommentPostedAt: Date?
    /// The posts whose last write was sent and never answered, until a check tells what happened.
    var unverifiedWrites = UnverifiedWrites()
    /// `I` turned the pictures off for the rest of the run.
    var picturesHidden = false

    public init() {}

    /// What each action does on the detail screen: the movement keys scroll, the back keys return to the list.
    mutating func perform(_ action: Action, in context: inout ScreenContext) -> ScreenReply {
        guard var detail else { return ScreenReply() }
        let bodyHeight = context.bodyHeight
        let document = context.layouts.document(for: detail, width: context.width, now: context.now)
            ?? DetailDocument(lines: [], answerLineIndices: [], links: [])
        // A page keeps one line of the last in view (a row less shows under a sticky header).
        let page = max(1, bodyHeight - 1 - document.stickyRows(atScroll: detail.scroll))
        var effects: [BrowserEffect] = []
        if [.moveUp, .moveDown, .pageUp, .pageDown, .first, .last].contains(action) { detail.pinnedPostLine = nil }
        if let effects = performOnPicture(action, in: document, context: &context) { return ScreenReply(effects) }
        switch action {
        case .moveUp: detail.scroll(by: -1, in: document, height: bodyHeight)
        case .moveDown: detail.scroll(by: 1, in: document, height: bodyHeight)
        case .pageUp: detail.scroll(by: -page, in: document, height: bodyHeight)
        case .pageDown: detail.scroll(by: page, in: document, height: bodyHeight)
        case .first: detail.scroll = 0
        case .last: detail.scroll(by: document.lines.count, in: document, height: bodyHeight)
        case .escape where hasWriteInFlight(in: context):
            // Stop waiting for a vote or a comment on its way; it may have landed, so it is checked, not dropped.
            return ScreenReply(abandonWritesInFlight(in: &context))
        case .escape where detail.find != nil:
            detail.find = nil
        case .quit where isLinkLaunchQuestion:
            return ScreenReply(then: .quit)
        case .back, .escape, .quit:
            return ScreenReply(then: .closeQuestion)
        case .reload:
            return ScreenReply(reload(in: &context))
        case .openInBrowser:
            effects = [.openURL(context.link(of: detail.question, site: detail.site))]
        case .followLink:
            return ScreenReply(followLink(1, in: &context))
        case .toggleHelp:
            return ScreenReply(then: .openHelp)
        case .copyLink:
            return ScreenReply(context.copyLink(of: detail.question, site: detail.site))
        case .copyCode:
            return ScreenReply(copyCode(in: &context))
        case .bookmark:
            return ScreenReply(then: .toggleBookmark(detail.question, site: detail.site))
        case .toggleRead:
            return ScreenReply(then: .toggleRead(detail.question, site: detail.site))
        case .comments:
            return ScreenReply(keepingCurrentPostInPlace(in: &context) { $0.toggleComments(in: &$1) })
        case .search, .find:
            guard detail.loaded != nil else { return ScreenReply() }
            return ScreenReply(then: .openPrompt(.find, text: detail.find?.query ?? ""))
        case .nextPage, .findNext:
            Self.moveToMatch(&detail, forward: true, in: document, height: bodyHeight)
        case .findPrevious:
            Self.moveToMatch(&detail, forward: false, in: document, height: bodyHeight)
        case .nextPost, .previousPost:
            self.detail = detail
            return ScreenReply(jumpToPost(forward: action == .nextPost, in: &context))
        case .upvote, .downvote, .favorite:
            self.detail = detail
            let kind: PostVote = action == .upvote ? .upvote : action == .downvote ? .downvote : .favorite
            return ScreenReply(vote(kind, in: &context))
        case .comment:
            self.detail = detail
            return ScreenReply(openCommentEditor(in: &context))
        case .inbox:
            return ScreenReply(then: .openInbox)
        case .codeRight, .codeLeft:
            Self.shiftCode(&detail, right: action == .codeRight, in: document, context: &context)
        case .togglePictures:
            self.detail = detail
            return ScreenReply(togglePictures(in: &context))
        case .open, .cycleSort, .filterTag, .searchStore, .sites, .bookmarks, .messages, .watch, .watches, .answer, .ask, .edit,
             .drafts, .post, .keepDraft, .discard:
            break
        }
        self.detail = detail
        return ScreenReply(effects + loadMoreAnswersIfNeeded(in: &context))
    }

    /// Opens `question` on `site`: the store is asked first, and the network unless the stored copy is fresh.
    ///
    /// `askingAtOnce` (a link's question, which the launch waits for): the network is asked first, then the store, so the
    /// request does not wait for the store's read (at launch, for the store's open); a stored copy shows meanwhile, and
    /// a fresh one is revalidated instead of trusted.
    mutating func open(_ question: Question, site: String, askingAtOnce: Bool = false, in context: inout ScreenContext) -> [BrowserEffect] {
        let id = question.questionID
        detail = newDetail(question, site: site, in: context)
        linkOpening = askingAtOnce ? opened : nil
        guard context.features.detailCache else { return receiveCachedDetail(nil, site: site, questionID: id, in: &context) }
        let asked = askingAtOnce ? carryOut([.fetchDetail], in: &context) : []
        return asked + [.read(.cachedDetail(site: site, questionID: id))]
    }

    /// `>` and `<`: the code blocks scroll sideways by half the screen, as far as the widest line needs.
    static func shiftCode(_ detail: inout DetailState, right: Bool, in document: DetailDocument, context: inout ScreenContext) {
        let overflow = document.codeOverflow(width: context.width)
        guard overflow > 0 else {
            detail.codeShift = 0
            context.notice = "no code here is wider than the screen"
            return
        }
        let step = max(8, context.width / 2)
        detail.codeShift = min(overflow, max(0, detail.codeShift + (right ? step : -step)))
    }

    /// Whether the question showing is the one a command-line link opened at launch, never left since.
    var isLinkLaunchQuestion: Bool {
        guard let linkOpening, let detail else { return false }
        return detail.revision.opening == linkOpening
    }

    /// A link on the command line names `answerID`: the detail scrolls to it once it is laid out, once.
    mutating func scrollOnceLaidOut(toAnswer answerID: Int?) {
        pendingAnswerScroll = answerID
    }

    /// Returns to the list; everything the question had in flight is cancelled.
    mutating func close(in context: inout ScreenContext) -> [BrowserEffect] {
        detail = nil
        linkOpening = nil
        editor = nil
        return context.ledger.cancelAll(for: .detail) + context.ledger.cancelAll(where: Self.isAnswersPage)
            + context.ledger.cancelAll(for: .comments) + cancelPictures(in: &context)
    }

    /// A detail screen for `question` on `site`, opened now: its revisions are named by the screen's count.
    mutating func newDetail(_ question: Question, site: String, in context: ScreenContext) -> DetailState {
        opened += 1
        var detail = DetailState(question: question, site: site, startedAt: context.now, opening: opened)
        detail.pictures = PictureShelf(look: Self.pictureLook(context.configuration.pictures, shown: !picturesHidden))
        return detail
    }

    /// Keeps the scroll within the document and the matches of find up to date (after every event).
    mutating func settle(in context: ScreenContext) {
        guard var detail, let document = context.layouts.document(for: detail, width: context.width, now: context.now)
        else { return }
        detail.find?.refresh(in: document.findableLines, width: context.width)
        scrollToLinkedAnswer(&detail, in: document, context: context)
        detail.scroll(by: 0, in: document, height: context.bodyHeight)
        detail.codeShift = min(detail.codeShift, document.codeOverflow(width: context.width))
        self.detail = detail
    }

    /// Once the linked answer is laid out, scrolls its header to the top, once.
    private mutating func scrollToLinkedAnswer(_ detail: inout DetailState, in document: DetailDocument, context: ScreenContext) {
        guard let answerID = pendingAnswerScroll, let start = context.configuration.startQuestion,
              detail.questionID == start.questionID, detail.site == start.site,
              let index = document.answerIDs.firstIndex(of: answerID)
        else { return }
        pendingAnswerScroll = nil
        detail.scroll = document.answerLineIndices[index]
        detail.scroll(by: 0, in: document, height: context.bodyHeight)
    }

    /// The sign-in ended: the editor closes.
    mutating func signedOut() {
        editor = nil
    }

    /// Quitting: a load in flight stops.
    mutating func shutdown() {
        if detail?.isLoading == true { detail?.machine.loadStopped(message: "cancelled") }
    }
}
