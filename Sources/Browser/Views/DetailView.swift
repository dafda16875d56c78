import Foundation
import StackExchange

/// Draws the question detail: the laid-out document from its scroll position, or the title while it loads.
enum DetailView {
    /// Draws `detail` into the top `height` rows of `buffer`.
    static func draw(_ detail: DetailState, document: DetailDocument?, now: Date, into buffer: inout ScreenBuffer, height: Int) {
        if let document {
            for screenRow in 0..<height {
                let index = detail.scroll + screenRow
                guard document.lines.indices.contains(index) else { break }
                buffer.draw(document.lines[index], row: screenRow)
            }
            return
        }
        let title = TextFit.truncate(PlainText.decode(detail.question.title), width: buffer.width - 1)
        buffer.put(title, row: 0, column: 1, style: CellStyle(.bold))
        buffer.put(TextFit.truncate(metadata(detail.question, now: now), width: buffer.width - 1), row: 1, column: 1,
                   style: CellStyle(.dim))
        switch detail.phase {
        case .loading:
            buffer.put("loading…", row: 3, column: 1, style: CellStyle(.dim))
        case .failed(let message):
            buffer.put("could not load: " + message, row: 3, column: 1, style: CellStyle(foreground: .red))
            buffer.put("r retries · Esc back", row: 4, column: 1, style: CellStyle(.dim))
        case .loaded:
            break
        }
    }

    /// What the list row already knew, shown under the title until the body arrives.
    static func metadata(_ question: Question, now: Date) -> String {
        var parts = [
            "\(question.score) votes", "\(question.answerCount) answers",
            "\(CompactNumber.format(question.viewCount)) views", "asked \(RelativeAge.format(question.creationDate, now: now))",
        ]
        if let name = question.owner?.displayName { parts.append("by " + PlainText.decode(name)) }
        return parts.joined(separator: " · ")
    }
}
