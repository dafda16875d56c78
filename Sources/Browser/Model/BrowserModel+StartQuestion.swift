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

    /// Once the linked answer is laid out, scrolls its header to the top, once.
    mutating func scrollToLinkedAnswer(_ detail: inout DetailState, in document: DetailDocument) {
        guard let answerID = pendingAnswerScroll, let start = configuration.startQuestion, detail.questionID == start.questionID,
              detail.site == start.site, let index = document.answerIDs.firstIndex(of: answerID)
        else { return }
        pendingAnswerScroll = nil
        detail.scroll = document.answerLineIndices[index]
        detail.scroll(by: 0, lineCount: document.lines.count, height: bodyHeight)
    }
}
