import Foundation
import StackExchange
import StorePorts

/// The detail's way through the model: its screen (`DetailScreen`) does the work; the model opens and closes it
/// (a question opened is marked read, the find prompt closes with it) and hands it what the others route to it.
extension BrowserModel {
    /// What each action does on the detail screen.
    mutating func performInDetail(_ action: Action) -> [BrowserEffect] {
        carryOut(withScreen(\.detailScreen) { $0.perform(action, in: &$1) })
    }

    /// Opens the selected question (or `question`) on its own site, marked read.
    mutating func openDetail(_ question: Question? = nil, site: String? = nil, askingAtOnce: Bool = false) -> [BrowserEffect] {
        guard let question = question ?? state.list.selectedQuestion,
              let site = site ?? state.list.selectedRow.map({ self.site(of: $0) })
        else { return [] }
        let closed = closeDetail()
        let opened = withScreen(\.detailScreen) { $0.open(question, site: site, askingAtOnce: askingAtOnce, in: &$1) }
        state.stack.push(.detail)
        // The read mark after the question's own effects: at launch its write waits for the person's file to open
        // (1–3 ms on the main thread), and a link's request must not wait behind it.
        return closed + opened + setRead(true, site: site, questionID: question.questionID)
    }

    /// Returns to the list with its selection as it was; everything the question had in flight is cancelled, and
    /// the find prompt closes with it.
    mutating func closeDetail() -> [BrowserEffect] {
        state.prompts.close(.find)
        state.stack.remove(.detail)
        return withScreen(\.detailScreen) { $0.close(in: &$1) }
    }

    /// `r` in the detail (`DetailScreen.reload`).
    mutating func reloadDetail() -> [BrowserEffect] {
        withScreen(\.detailScreen) { $0.reload(in: &$1) }
    }

    /// Hands `change` the detail screen, keeping the current post's first visible line on its row while the
    /// document changes under it (an answer arriving, comments shown).
    mutating func inDetailKeepingPost(
        _ change: (inout DetailScreen, inout ScreenContext) -> [BrowserEffect]
    ) -> [BrowserEffect] {
        withScreen(\.detailScreen) { screen, context in screen.keepingCurrentPostInPlace(in: &context, change) }
    }

    /// Makes `change` (of the model: a resize) keep the current post in place; with `rewrapped` (the width
    /// changed), the line is kept at the same fraction of the post.
    mutating func keepingCurrentPostInPlace(
        rewrapped: Bool = false, _ change: (inout BrowserModel) -> [BrowserEffect]
    ) -> [BrowserEffect] {
        let anchor = state.detailScreen.anchor(in: context)
        let effects = change(&self)
        state.detailScreen.restore(anchor, in: context, rewrapped: rewrapped)
        return effects
    }

    /// The post votes, comments and copying act on, in the detail as laid out now.
    var currentPost: CurrentPost? { state.detailScreen.currentPost(in: context) }

    /// When the comments' first fetch was sent, while it is in flight: the status bar's spinner.
    var commentsLoadingSince: Date? { state.detailScreen.commentsLoadingSince(ledger: ledger) }

    /// True while the editor counts the 5-second rule down (the status redraws every tick).
    var isCommentCountingDown: Bool { state.detailScreen.isCommentCountingDown }

    /// Every key while the comment editor is open.
    mutating func handleCommentEditorKey(_ key: Key) -> [BrowserEffect] {
        withScreen(\.detailScreen) { $0.handleEditorKey(key, in: &$1) }
    }

    /// Time passed: a comment waiting out the site's 5 seconds goes when its time comes.
    mutating func postDueComment() -> [BrowserEffect] {
        withScreen(\.detailScreen) { $0.postDueComment(in: &$1) }
    }

    /// Opens the detail's numbered link `[number]`.
    mutating func followLink(_ number: Int) -> [BrowserEffect] {
        withScreen(\.detailScreen) { $0.followLink(number, in: &$1) }
    }

    /// What a find prompt key did (`DetailScreen.findPromptOutcome`).
    mutating func findPromptOutcome(_ outcome: PromptState.Outcome, text: String) -> [BrowserEffect] {
        state.detailScreen.findPromptOutcome(outcome, text: text, in: context)
        return []
    }

    /// Looks for `text` in the open document (a paste into the find prompt).
    mutating func find(_ text: String) {
        state.detailScreen.find(text, in: context)
    }
}
