import Foundation
import StackExchange

extension BrowserModel {
    /// A link on the command line: the question opens at start (the list loads beneath it, so Esc shows the site).
    mutating func openStartQuestion() -> [BrowserEffect] {
        guard let start = configuration.startQuestion, state.detail == nil else { return [] }
        // Only the id is known until the detail answers: the title shows as the link's question number meanwhile.
        let placeholder = Question(questionID: start.questionID, title: "question \(start.questionID)", creationDate: now)
        state.detailScreen.scrollOnceLaidOut(toAnswer: start.answerID)
        // Asked before the store is read: at launch the read waits for the store's open, and the request need not.
        return openDetail(placeholder, site: start.site, askingAtOnce: true)
    }

    /// The list beneath a link's question, once the question has loaded (or failed, or was left): after every event.
    mutating func loadListBeneathLinkIfDue() -> [BrowserEffect] {
        let questionLoading = state.detail?.isLoading == true
        let questionShowing = state.detail != nil
        return withScreen(\.listScreen) {
            $0.loadBeneathLinkIfDue(questionLoading: questionLoading, questionShowing: questionShowing, in: &$1)
        }
    }
}
