public import Foundation
import Highlight
public import StackExchange

/// Lays a question detail out into lines for one width: title, metadata, the question, then each answer.
///
/// Answers are shown by score, highest first (stable, though they arrive sorted), each under a header line
/// whose index is recorded in `answerLineIndices`. Links are numbered across the whole document and each
/// post is followed by the list of the URLs it links to.
public enum DetailLayout {
    static let titleStyle = CellStyle(.bold, role: .title)
    static let metadataStyle = CellStyle(.dim, role: .dim)
    static let tagStyle = CellStyle(foreground: .blue, role: .tags)
    static let ruleStyle = CellStyle(.dim, role: .dim)
    static let acceptedStyle = CellStyle(.bold, foreground: .green, role: .accepted)
    /// The signed-in person's own vote and favourite.
    static let accentStyle = CellStyle(.bold, foreground: .magenta, role: .accent)

    /// Lays `detail` out at `width`; with `comments` (by post id), each post is followed by its comments.
    /// Code blocks are highlighted (`highlightsCode`), afresh: the browser's `LayoutMemo` keeps their colours.
    public static func layout(
        _ detail: QuestionDetail, comments: [Int: [PostComment]]? = nil, width: Int, now: Date, highlightsCode: Bool = true,
        pictures: PictureShelf? = nil
    ) -> DetailDocument {
        var code = CodeHighlights(isEnabled: highlightsCode)
        return layout(detail, comments: comments, width: width, now: now, code: &code, pictures: pictures)
    }

    /// Lays `detail` out at `width`, taking code blocks' colours from `code` (and keeping new ones there).
    static func layout(
        _ detail: QuestionDetail, comments: [Int: [PostComment]]?, width: Int, now: Date, code: inout CodeHighlights,
        pictures: PictureShelf? = nil
    ) -> DetailDocument {
        let width = max(1, width)
        let question = detail.question
        let questionLanguage = LanguageChoice.questionDefault(tags: question.tags.map { PlainText.decode($0) })
        var context = PostContext(questionLanguage: questionLanguage, code: code, pictures: pictures)
        defer { code = context.code }
        var links = LinkTable()
        var lines: [StyledLine] = []
        var codeBlocks: [DetailDocument.CodeBlock] = []

        var title = InlineText()
        title.append(question.plainTitle, style: titleStyle)
        lines += wrapped(title, width: width)
        lines += wrapped(metadata(question, now: now), width: width)
        lines.append(.empty)
        lines += post(
            question.body ?? "", width: width, links: &links, codeBlocks: &codeBlocks, firstLine: lines.count, context: &context
        )
        if let comments { lines += commentLines(comments[question.questionID] ?? [], width: width, now: now, links: &links) }

        let answers = detail.answers.enumerated()
            .sorted { $0.element.score != $1.element.score ? $0.element.score > $1.element.score : $0.offset < $1.offset }
            .map(\.element)
        var answerLineIndices: [Int] = []
        if answers.isEmpty {
            lines.append(.empty)
            lines.append(StyledLine("No answers yet.", style: metadataStyle))
        }
        for (index, answer) in answers.enumerated() {
            lines.append(.empty)
            answerLineIndices.append(lines.count)
            // Of all the question's answers from the start (`answer_count`), not of the pages loaded so far.
            let total = max(answers.count, detail.question.answerCount)
            lines.append(header(answer, number: index + 1, of: total, width: width, now: now))
            lines.append(.empty)
            lines += post(
                answer.body ?? "", width: width, links: &links, codeBlocks: &codeBlocks, firstLine: lines.count, context: &context
            )
            if let comments { lines += commentLines(comments[answer.answerID] ?? [], width: width, now: now, links: &links) }
        }
        var document = DetailDocument(lines: lines, answerLineIndices: answerLineIndices, links: links.urls, codeBlocks: codeBlocks)
        document.pictures = context.pictureSpots
        document.answerIDs = answers.map(\.answerID)
        let commentDates = (comments ?? [:]).values.flatMap { $0.map(\.creationDate) }
        document.agesChangeAt = RelativeAge.nextChange(
            of: [question.creationDate] + answers.map(\.creationDate) + commentDates, after: now)
        return document
    }

    /// Score, answers, views, age, author and tags, in one wrapped dim paragraph.
    static func metadata(_ question: Question, now: Date) -> InlineText {
        var text = InlineText()
        if question.favorited == true { text.append("★ ", style: accentStyle) }
        if let mark = voteMark(upvoted: question.upvoted, downvoted: question.downvoted) {
            // Your vote and the score the API answered, in the accent colour, in place of the plain score.
            text.append(mark + " \(question.score) votes", style: accentStyle)
            let rest = summary(question, now: now).split(separator: "·", maxSplits: 1).last ?? ""
            text.append(" ·" + rest, style: metadataStyle)
        } else {
            text.append(summary(question, now: now), style: metadataStyle)
        }
        for tag in question.tags {
            text.append(" ", style: .plain)
            text.append("[" + PlainText.decode(tag).replacingOccurrences(of: " ", with: "") + "]", style: tagStyle)
        }
        return text
    }

    /// "12 votes · 3 answers · 1.2k views · asked 3d · by alice": what the list row already knew, on one line.
    static func summary(_ question: Question, now: Date) -> String {
        var parts = [
            counted(question.score, "vote"), counted(question.answerCount, "answer"),
            "\(CompactNumber.format(question.viewCount)) view" + (question.viewCount == 1 ? "" : "s"), "asked \(RelativeAge.format(question.creationDate, now: now))",
        ]
        if let name = question.owner?.plainDisplayName { parts.append("by " + name) }
        return parts.joined(separator: " · ")
    }

    /// `1 vote`, `0 votes`, `-1 votes`: the noun agrees with the number.
    static func counted(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)" + (number == 1 ? "" : "s")
    }

    /// "── Answer 2 of 5 · ✓ accepted · score 12 · alice · 3d ───…", cut to the width.
    static func header(_ answer: Answer, number: Int, of total: Int, width: Int, now: Date) -> StyledLine {
        var spans = [StyledSpan("── ", style: ruleStyle), StyledSpan("Answer \(number) of \(total)", style: titleStyle)]
        let separator = StyledSpan(" · ", style: ruleStyle)
        if answer.isAccepted { spans += [separator, StyledSpan("✓ accepted", style: acceptedStyle)] }
        if let mark = voteMark(upvoted: answer.upvoted, downvoted: answer.downvoted) {
            spans += [separator, StyledSpan("\(mark) \(answer.score)", style: accentStyle)]
        } else {
            spans += [separator, StyledSpan("score \(answer.score)", style: titleStyle)]
        }
        spans += [separator, StyledSpan(answer.owner?.plainDisplayName ?? "anonymous", style: metadataStyle)]
        spans += [separator, StyledSpan(RelativeAge.format(answer.creationDate, now: now), style: metadataStyle)]
        let used = StyledLine(spans).displayWidth
        spans.append(StyledSpan(" " + String(repeating: "─", count: max(2, width - used - 1)), style: ruleStyle))
        return fitted(StyledLine(spans), width: width)
    }

    /// `▲` or `▼` for the person's own vote, nil without one.
    static func voteMark(upvoted: Bool?, downvoted: Bool?) -> String? {
        if upvoted == true { return "▲" }
        if downvoted == true { return "▼" }
        return nil
    }

    /// What every post of one document shares: the question's language and the code colours.
    struct PostContext {
        var questionLanguage: Language?
        var code: CodeHighlights
        /// The open question's pictures (nil: boxes only), and where each picture was placed so far.
        var pictures: PictureShelf? = nil
        var pictureSpots: [DetailDocument.PictureSpot] = []
    }

    /// The lines of one post's body, followed by the URLs of the links it contains (code not highlighted).
    static func post(_ html: String, width: Int, links: inout LinkTable) -> [StyledLine] {
        var codeBlocks: [DetailDocument.CodeBlock] = []
        var context = PostContext(questionLanguage: nil, code: CodeHighlights(isEnabled: false))
        return post(html, width: width, links: &links, codeBlocks: &codeBlocks, firstLine: 0, context: &context)
    }

    /// The lines of one post, recording its code blocks in `codeBlocks` as if its first line were `firstLine`.
    static func post(
        _ html: String, width: Int, links: inout LinkTable, codeBlocks: inout [DetailDocument.CodeBlock], firstLine: Int,
        context: inout PostContext
    ) -> [StyledLine] {
        let (blocks, numbers) = HTMLBlockBuilder.build(html, links: &links)
        var postBlocks: [DetailDocument.CodeBlock] = []
        var spots: [DetailDocument.PictureSpot] = []
        let lines = BlockRenderer.lines(
            blocks, width: width, codeBlocks: &postBlocks, questionLanguage: context.questionLanguage, code: &context.code,
            pictures: context.pictures, pictureSpots: &spots
        )
        context.pictureSpots += spots.map { spot in
            var spot = spot
            spot.lines = spot.lines.lowerBound + firstLine..<spot.lines.upperBound + firstLine
            return spot
        }
        codeBlocks += postBlocks.map { block in
            var block = block
            block.lines = block.lines.lowerBound + firstLine..<block.lines.upperBound + firstLine
            return block
        }
        return lines + linkList(numbers, width: width, links: links)
    }

    /// A blank line and the URLs of the links numbered `numbers`, or nothing when there are none.
    static func linkList(_ numbers: [Int], width: Int, links: LinkTable) -> [StyledLine] {
        guard !numbers.isEmpty else { return [] }
        // Each URL wraps under itself, beside its number, so a long one stays readable.
        let entries = numbers.sorted().map { number in
            var url = InlineText()
            url.append(links.urls[number - 1], style: CellStyle(.dim, role: .link))
            let marker = "[\(number)] "
            return DetailBlock(
                content: .text(url), firstPrefix: [StyledSpan(marker, style: HTMLBlockBuilder.linkMarkerStyle)],
                restPrefix: [StyledSpan(String(repeating: " ", count: marker.count))]
            )
        }
        return [.empty] + BlockRenderer.lines(entries, width: width)
    }

    private static func wrapped(_ text: InlineText, width: Int) -> [StyledLine] {
        TextWrapper.lineRanges(text, width: width).map { TextWrapper.styledLine(text, range: $0) }
    }

    /// `line` cut to `width` columns, ending in `…` when it was cut.
    static func fitted(_ line: StyledLine, width: Int) -> StyledLine {
        guard line.displayWidth > width else { return line }
        var spans: [StyledSpan] = []
        var used = 0
        outer: for span in line.spans {
            var kept = ""
            for character in span.text {
                let w = DisplayWidth.of(character)
                if used + w > width - 1 { spans.append(StyledSpan(kept, style: span.style)); break outer }
                kept.append(character)
                used += w
            }
            spans.append(StyledSpan(kept, style: span.style))
        }
        spans.append(StyledSpan("…", style: ruleStyle))
        return StyledLine(spans.filter { !$0.text.isEmpty })
    }
}
