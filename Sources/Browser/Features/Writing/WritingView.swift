import Foundation
import StackExchange
import StorePorts

/// Draws the writing screen: a header with what the text is and the keys of its step, then the step's content —
/// the draft offered back, a new question's checks and the questions that may already ask it, the site's preview in
/// the detail view's own layout (highlighting included), or the site's messages whole.
enum WritingView {
    static let headerStyle = CellStyle(.bold, role: .title)
    static let dimStyle = CellStyle(.dim, role: .dim)
    static let warningStyle = CellStyle(.bold, foreground: .yellow, role: .error)
    static let selectedStyle = CellStyle(.reverse, role: .selectedRow)

    static func draw(_ writing: WritingState, now: Date, highlightsCode: Bool, into buffer: inout ScreenBuffer, height: Int) {
        let header = " " + writing.subject + " · " + keys(for: writing.phase)
        buffer.put(TextFit.truncate(TerminalNotification.inert(header, limit: 600), width: buffer.width), row: 0, column: 0,
                   style: headerStyle)
        let lines = body(writing, now: now, width: buffer.width, highlightsCode: highlightsCode)
        let visible = max(1, height - 1)
        let top = max(0, min(writing.scroll, lines.count - visible))
        for (offset, line) in lines.dropFirst(top).prefix(visible).enumerated() {
            switch line {
            case .styled(let styled):
                buffer.draw(styled, row: offset + 1)
            case .text(let text, let style):
                buffer.put(TextFit.truncate(text, width: buffer.width), row: offset + 1, column: 0, style: style)
            case .selected(let text):
                buffer.fill(row: offset + 1, style: selectedStyle)
                buffer.put(TextFit.truncate(text, width: buffer.width), row: offset + 1, column: 0, style: selectedStyle)
            }
        }
    }

    /// How long ago, in words: "a moment ago", "12 min ago", "3 h ago", "2 days ago".
    static func spelledAge(_ date: Date, now: Date) -> String {
        let seconds = Int(now.timeIntervalSince(date))
        if seconds < 60 { return "a moment ago" }
        if seconds < 3_600 { return "\(seconds / 60) min ago" }
        if seconds < 86_400 { return "\(seconds / 3_600) h ago" }
        let days = seconds / 86_400
        return days == 1 ? "1 day ago" : "\(days) days ago"
    }

    /// The keys of a step, for the header.
    static func keys(for phase: WritingState.Phase) -> String {
        switch phase {
        case .editing: "in your editor…"
        case .draftOffered: "e edit it · d discard it and start afresh · Esc leave it"
        case .checking: "checking… · Esc keep as draft"
        case .maybeAsked: "Enter open · p go on to the preview · e edit again · k keep as draft · d discard"
        case .previewing: "the site renders it… · Esc keep as draft"
        case .preview: "p post · e edit again · k keep as draft · d discard"
        case .refused: "e edit again · k keep as draft · d discard"
        case .changedOnSite: "Enter open the new version · p post anyway · e edit again · k keep as draft"
        case .posting: "posting…"
        case .verifying: "checking whether it was posted…"
        }
    }

    /// One line of the screen's content.
    enum Line {
        case styled(StyledLine)
        case text(String, CellStyle)
        case selected(String)
    }

    /// The content of the step, as lines `width` wide (the view scrolls them).
    static func body(_ writing: WritingState, now: Date, width: Int, highlightsCode: Bool) -> [Line] {
        var lines: [Line] = []
        func say(_ text: String, _ style: CellStyle = .plain) {
            for wrapped in TextFit.wrap(TerminalNotification.inert(text, limit: 4_000), width: max(1, width - 1)) {
                lines.append(.text(" " + wrapped, style))
            }
        }
        for problem in writing.problems { say(problem, warningStyle) }
        switch writing.phase {
        case .editing:
            say("Your editor has the text; save and quit it to go on.", dimStyle)
        case .draftOffered(let draft):
            say("A draft of \(spelledAge(draft.updatedAt, now: now)) is kept for this \(draft.target.summary):")
            lines.append(.text("", .plain))
            let read = EditorDocument.read(draft.text, for: draft.target)
            if let title = read.title { say("Title: " + title, dimStyle) }
            for line in read.body.split(separator: "\n", omittingEmptySubsequences: false).prefix(12) { say(String(line), dimStyle) }
        case .checking:
            say("Looking the tags up on the site and searching for questions like it…", dimStyle)
        case .maybeAsked:
            for tag in writing.unknownTags {
                let nearest = tag.nearest.isEmpty ? "no tag near it" : "nearest: " + tag.nearest.joined(separator: ", ")
                say("the tag “\(tag.name)” is not on \(writing.site) (\(nearest))", warningStyle)
            }
            if writing.similar.isEmpty {
                say("No question like it was found.", dimStyle)
            } else {
                lines.append(.text("", .plain))
                say("Maybe already asked:", headerStyle)
                for (index, question) in writing.similar.enumerated() {
                    let row = " " + TextFit.right("\(question.score)", width: 5) + " votes "
                        + TextFit.right("\(question.answerCount)", width: 3) + " answers  " + question.plainTitle
                    lines.append(index == writing.selection ? .selected(row) : .text(row, .plain))
                }
            }
            lines.append(.text("", .plain))
            say("Enter opens the question selected; p goes on to the site's preview of yours.", dimStyle)
        case .previewing:
            say("The site is checking and rendering your text (preview: nothing is kept)…", dimStyle)
        case .preview(let post):
            let document = DetailLayout.layout(previewDetail(post, of: writing), width: width, now: now,
                                               highlightsCode: highlightsCode)
            lines += document.lines.map { .styled($0) }
        case .refused(let messages):
            say("Not sent: the site refused it." , warningStyle)
            lines.append(.text("", .plain))
            for message in messages { say(message) }
            lines.append(.text("", .plain))
            say("Your text is kept as a draft.", dimStyle)
        case .changedOnSite(let edited):
            say("The post was edited on the site \(RelativeAge.format(edited, now: now)), after your edit began.", warningStyle)
            say("Enter opens the new version (your text stays a draft); p posts yours over it.", dimStyle)
        case .posting:
            say("Posting…", dimStyle)
        case .verifying:
            say("The site's answer never came: looking on the site whether your text was posted, before anything else.",
                dimStyle)
        }
        return lines
    }

    /// The preview as the detail view lays a question out: a new or edited question as itself; an answer under its
    /// question's title.
    static func previewDetail(_ post: WrittenPost, of writing: WritingState) -> QuestionDetail {
        switch writing.target {
        case .question, .editQuestion:
            return QuestionDetail(question: post.asQuestion, answers: [])
        case .answer, .editAnswer:
            var question = post.asQuestion
            question.title = writing.questionTitle ?? "Preview"
            question.body = nil
            question.tags = []
            question.answerCount = 1
            return QuestionDetail(question: question, answers: [post.asAnswer])
        }
    }
}
