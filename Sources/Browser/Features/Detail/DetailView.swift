import Foundation
import StackExchange

/// Draws the question detail: the laid-out document from its scroll position, or the title while it loads.
enum DetailView {
    static let markStyle = CellStyle(.bold, foreground: .magenta, role: .accent)

    /// Draws `detail` into the top `height` rows of `buffer`.
    /// When the post at the top began above the screen, the top row names it (`▶ Answer 5 of 5 · sven`, the `▶`
    /// when it is `current`, the post votes and comments act on) and the document is drawn from the row below.
    /// With `marksCurrent`, the current post's header is also marked `◀` in the right margin when it shows.
    static func draw(
        _ detail: DetailState, document: DetailDocument?, now: Date, into buffer: inout ScreenBuffer, height: Int,
        current: CurrentPost? = nil, marksCurrent: Bool = false
    ) {
        if let document {
            let sticky = document.stickyRows(atScroll: detail.scroll)
            for screenRow in sticky..<max(sticky, height) {
                let index = detail.scroll + screenRow - sticky
                guard document.lines.indices.contains(index) else { break }
                if let (block, row) = document.codeLine(at: index) {
                    drawCode(document.lines[index], of: block, row: row, shift: detail.codeShift, into: &buffer, screenRow: screenRow)
                } else {
                    buffer.draw(document.lines[index], row: screenRow)
                }
            }
            if let find = detail.find { highlight(find, scroll: detail.scroll - sticky, into: &buffer, height: height, from: sticky) }
            if sticky > 0, let loaded = detail.loaded {
                let post = document.post(at: detail.scroll)
                buffer.draw(stickyHeader(post: post, of: loaded, in: document, isCurrent: current?.index == post,
                                         width: buffer.width), row: 0)
            }
            if marksCurrent, let line = current?.headerLine {
                let row = line - detail.scroll + sticky
                if (sticky..<height).contains(row) {
                    buffer.put("◀", row: row, column: buffer.width - 1, style: markStyle)
                }
            }
            return
        }
        // Column 0, where the laid-out document puts them: the title does not move when the answers arrive.
        let title = TextFit.truncate(detail.question.plainTitle, width: buffer.width)
        buffer.put(title, row: 0, column: 0, style: CellStyle(.bold, role: .title))
        buffer.put(TextFit.truncate(DetailLayout.summary(detail.question, now: now), width: buffer.width), row: 1, column: 0,
                   style: CellStyle(.dim, role: .dim))
        switch detail.phase {
        case .loading:
            buffer.put("loading…", row: 3, column: 0, style: CellStyle(.dim, role: .dim))
        case .failed(let message):
            buffer.put("could not load: " + message, row: 3, column: 0, style: CellStyle(foreground: .red, role: .error))
            let hint = message == DetailMachine.notStoredOffline ? "Esc back to pick another · r once online" : "r retries · Esc back"
            buffer.put(hint, row: 4, column: 0, style: CellStyle(.dim, role: .dim))
        case .loaded:
            break
        }
    }

    /// `▶ Answer 5 of 5 · sven ───` (`▶ Answer 5 of 5 · ▲ 3 · sven` with your vote), `▶ Question · bob · How do I…`:
    /// the post the top of the screen is in, its header scrolled away; `▶` when it is the current post.
    static func stickyHeader(post: Int, of loaded: QuestionDetail, in document: DetailDocument, isCurrent: Bool,
                             width: Int) -> StyledLine {
        let titleStyle = CellStyle(.bold, role: .title)
        let ruleStyle = CellStyle(.dim, role: .dim)
        var spans = [StyledSpan(isCurrent ? "▶ " : "  ", style: markStyle)]
        if post > 0, document.answerIDs.indices.contains(post - 1),
           let answer = loaded.answers.first(where: { $0.answerID == document.answerIDs[post - 1] }) {
            let total = max(loaded.answers.count, loaded.question.answerCount)
            spans.append(StyledSpan("Answer \(post) of \(total)", style: titleStyle))
            if let mark = DetailLayout.voteMark(upvoted: answer.upvoted, downvoted: answer.downvoted) {
                // Your vote shows where you look, as on the header.
                spans.append(StyledSpan(" · \(mark) \(answer.score)", style: DetailLayout.accentStyle))
            }
            spans.append(StyledSpan(" · " + (answer.owner?.plainDisplayName ?? "anonymous"), style: ruleStyle))
        } else {
            spans.append(StyledSpan("Question", style: titleStyle))
            spans.append(StyledSpan(" · " + (loaded.question.owner?.plainDisplayName ?? "anonymous") + " · ", style: ruleStyle))
            spans.append(StyledSpan(loaded.question.plainTitle, style: ruleStyle))
        }
        let used = StyledLine(spans).displayWidth
        if used + 3 <= width {
            spans.append(StyledSpan(" " + String(repeating: "─", count: width - used - 1), style: ruleStyle))
        }
        return DetailLayout.fitted(StyledLine(spans), width: width)
    }
}
