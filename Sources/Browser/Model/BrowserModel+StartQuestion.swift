import Foundation
import StackExchange

extension BrowserModel {
    /// A link on the command line: the question opens at start (the list loads beneath it, so Esc shows the site).
    mutating func openStartQuestion() -> [BrowserEffect] {
        guard let start = configuration.startQuestion, state.detail == nil else { return [] }
        // Only the id is known until the detail answers: the title shows as the link's question number meanwhile.
        let placeholder = Question(questionID: start.questionID, title: "question \(start.questionID)", creationDate: now)
        pendingAnswerScroll = start.answerID
        return openDetail(placeholder, site: start.site)
    }

    /// The list beneath a link's question, once the question has loaded (or failed, or was left): until then its page
    /// would compete with the question for the network, the decoder and the two cores (issue 28's URL → first frame).
    /// Asked once: a list that has been asked for is never idle with no page again.
    mutating func loadListBeneathLinkIfDue() -> [BrowserEffect] {
        guard configuration.startQuestion != nil, state.list.loadedPages == 0, state.list.loadDue == nil,
              case .idle = state.list.phase, state.detail?.isLoading != true
        else { return [] }
        return loadListPage(1)
    }

    /// Once the linked answer is laid out, scrolls its header to the top, once.
    mutating func scrollToLinkedAnswer(_ detail: inout DetailState, in document: DetailDocument) {
        guard let answerID = pendingAnswerScroll, let start = configuration.startQuestion, detail.questionID == start.questionID,
              detail.site == start.site, let index = document.answerIDs.firstIndex(of: answerID)
        else { return }
        pendingAnswerScroll = nil
        detail.scroll = document.answerLineIndices[index]
        detail.scroll(by: 0, in: document, height: bodyHeight)
    }
}
