import Foundation
import StackExchange

/// Draws the question list: one row per question, the selected row in reverse video.
enum ListView {
    /// Draws the rows of `list` visible from its scroll offset into the top `height` rows of `buffer`; an empty list
    /// says what `ledger` has in flight for it, or how its last load ended.
    ///
    /// Rows come from `cache` (laid out once per question and width) and are copied in whole.
    /// `marks` says which rows are read (drawn dim) and bookmarked (a star before the title).
    static func draw(
        _ list: ListState, ledger: RequestLedger, now: Date, into buffer: inout ScreenBuffer, height: Int,
        cache: inout ListRowCache, marks: RowMarks = RowMarks()
    ) {
        if list.rows.isEmpty {
            let phase = list.loadDue != nil ? .loading(page: 1, startedAt: list.loadDue!) : list.phase(in: ledger)
            let message = list.emptyNotice ?? Self.emptyMessage(phase)
            buffer.put(TextFit.truncate(message, width: max(0, buffer.width - 2)), row: 0, column: 1, style: CellStyle(.dim, role: .dim))
            return
        }
        let columns = ListColumns(width: buffer.width, severalSites: list.rows.first?.site != nil)
        buffer.put(TextFit.left(header(columns, snippets: !list.snippets.isEmpty), width: buffer.width), row: 0, column: 0,
                   style: headerStyle)
        for screenRow in 0..<listHeight(bodyHeight: height) {
            let index = list.scrollOffset + screenRow
            guard list.rows.indices.contains(index) else { break }
            let row = list.rows[index]
            let cells = cache.cells(
                for: row, columns: columns, width: buffer.width, now: now, repertoire: buffer.repertoire,
                mark: RowMarks.Mark(isRead: marks.isRead(row), isBookmarked: marks.isBookmarked(row)),
                snippet: list.snippets[row.questionID]
            )
            buffer.copyRow(cells, to: screenRow + headerRows)
            if index == list.selection { buffer.reverseRow(screenRow + headerRows, role: .selectedRow) }
        }
    }

    /// Lays out up to `count` rows of `list` from `start` into `cache` without drawing them, so that the PageDown
    /// which shows them copies cells instead of laying the rows out then (BENCHMARKS.md has what it costs).
    static func prepare(
        _ list: ListState, from start: Int, count: Int, now: Date, width: Int, repertoire: TextRepertoire,
        cache: inout ListRowCache, marks: RowMarks = RowMarks()
    ) {
        let columns = ListColumns(width: width, severalSites: list.rows.first?.site != nil)
        for index in start..<max(start, min(list.rows.count, start + count)) {
            let row = list.rows[index]
            _ = cache.cells(
                for: row, columns: columns, width: width, now: now, repertoire: repertoire,
                mark: RowMarks.Mark(isRead: marks.isRead(row), isBookmarked: marks.isBookmarked(row)),
                snippet: list.snippets[row.questionID]
            )
        }
    }

    /// What an empty list says in `phase`.
    static func emptyMessage(_ phase: LoadPhase) -> String {
        switch phase {
        case .loading: "loading…"
        case .cancelled: "nothing loaded — n or r retries"
        case .failed: "nothing loaded — r retries"
        case .idle: "no questions"
        }
    }

    /// The column header's rows above the questions.
    static let headerRows = 1
    static let headerStyle = CellStyle(.dim, role: .listHeader)

    /// The rows left for questions under the header in a body `bodyHeight` rows tall.
    static func listHeight(bodyHeight: Int) -> Int { max(1, bodyHeight - headerRows) }

    /// The column header, laid out as `row` lays out a question: `score  ans views site title … tags age author`,
    /// with the columns that fit (the read mark's column has no label). With `snippets` (a search of the store) the
    /// tags' column is the matched words' (see `row`).
    static func header(_ columns: ListColumns, snippets: Bool = false) -> String {
        var text = String(repeating: " ", count: ListColumns.readMark) + TextFit.right("score", width: ListColumns.score) + " " + TextFit.right("ans", width: ListColumns.answers) + " "
        if columns.showsViews { text += TextFit.right("views", width: ListColumns.views) + " " }
        if columns.showsSite { text += TextFit.left("site", width: ListColumns.site) + " " }
        let shared = columns.title + (columns.showsTags ? 1 + ListColumns.tags : 0)
        if snippets, case let matched = SnippetColumn.width(sharing: shared), matched > 0 {
            text += TextFit.left("title", width: shared - matched - 1) + " " + TextFit.left("matched", width: matched)
        } else {
            text += TextFit.left("title", width: columns.title)
            if columns.showsTags { text += " " + TextFit.left("tags", width: ListColumns.tags) }
        }
        text += " " + TextFit.right("age", width: ListColumns.age)
        if columns.showsAuthor { text += " " + TextFit.left("author", width: ListColumns.author) }
        return text
    }

    /// One question as a styled line laid out in `columns`, `age` its age as the list shows it.
    /// With `snippet` (a search of the store), the title's column is shared: the title, then the matched words.
    static func row(
        _ row: ListRow, columns: ListColumns, age: String, bookmarked: Bool = false, read: Bool = false,
        snippet: SearchSnippet? = nil
    ) -> StyledLine {
        var spans: [StyledSpan] = []
        let space = StyledSpan(" ")
        spans.append(StyledSpan(read ? RowMarks.readMark : " "))
        spans.append(StyledSpan(TextFit.right(String(row.score), width: ListColumns.score)))
        spans.append(space)
        spans.append(answers(row))
        spans.append(space)
        if columns.showsViews {
            spans.append(StyledSpan(TextFit.right(CompactNumber.format(Int(row.viewCount)), width: ListColumns.views),
                                    style: CellStyle(.dim, role: .dim)))
            spans.append(space)
        }
        if columns.showsSite {
            spans.append(StyledSpan(TextFit.left(PlainText.sanitize(row.site ?? ""), width: ListColumns.site),
                                    style: CellStyle(.dim, role: .dim)))
            spans.append(space)
        }
        // With a snippet the tags' column goes to it, with a third of the title's.
        let shared = columns.title + (columns.showsTags ? 1 + ListColumns.tags : 0)
        let snippetWidth = snippet == nil ? 0 : SnippetColumn.width(sharing: shared)
        var titleWidth = snippet == nil ? columns.title : shared - snippetWidth - (snippetWidth > 0 ? 1 : 0)
        if bookmarked {
            let mark = RowMarks.bookmarkMark
            spans.append(StyledSpan(mark, style: CellStyle(.bold, foreground: .yellow)))
            titleWidth = max(0, titleWidth - mark.count)
        }
        // A row of a list of several sites (a merged search, the bookmarks) names its site: in the site column when
        // it fits, else before the title.
        if !columns.showsSite, let site = row.site, titleWidth > site.count + 8 {
            let label = PlainText.sanitize(site) + " "
            spans.append(StyledSpan(label, style: CellStyle(.dim, foreground: .magenta, role: .dim)))
            titleWidth -= label.count
        }
        spans.append(StyledSpan(TextFit.left(row.plainTitle, width: titleWidth)))
        if let snippet, snippetWidth > 0 {
            spans.append(space)
            spans += SnippetColumn.spans(snippet, width: snippetWidth)
        }
        if columns.showsTags, snippet == nil {
            spans.append(space)
            let tags = PlainText.sanitize(row.tagText)
            spans.append(StyledSpan(TextFit.left(tags, width: ListColumns.tags), style: CellStyle(.dim, foreground: .cyan, role: .tags)))
        }
        spans.append(space)
        spans.append(StyledSpan(TextFit.right(age, width: ListColumns.age),
                                style: CellStyle(.dim, role: .dim)))
        if columns.showsAuthor {
            spans.append(space)
            let author = row.plainOwnerName ?? ""
            spans.append(StyledSpan(TextFit.left(author, width: ListColumns.author)))
        }
        return StyledLine(spans)
    }

    /// The answer count: `✓` and green when an answer is accepted, green when answered, dim with none.
    static func answers(_ row: ListRow) -> StyledSpan {
        let accepted = row.acceptedAnswerID != nil
        let text = TextFit.right((accepted ? "✓" : "") + String(row.answerCount), width: ListColumns.answers)
        let style: CellStyle =
            if accepted { CellStyle(.bold, foreground: .green, role: .accepted) }
            else if row.isAnswered { CellStyle(foreground: .green, role: .score) }
            else if row.answerCount > 0 { CellStyle(foreground: .yellow, role: .score) }
            else { CellStyle(.dim, role: .dim) }
        return StyledSpan(text, style: style)
    }
}
