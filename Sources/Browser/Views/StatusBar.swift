import Foundation
import StackExchange

/// Draws the status line at the bottom: where you are, what is loading, the quota and the last error, or the prompt.
enum StatusBar {
    static let barStyle = CellStyle(.reverse, role: .statusBar)
    static let errorStyle = CellStyle([.reverse, .bold], foreground: .red, role: .error)

    /// Draws the status line for `state` into `row` of `buffer`.
    /// `helpHint` (`? help`) is offered at the right until the help has been opened once; `commentsLoadingSince`
    /// is when the comments' first fetch was sent, while it is in flight; `ledger` says which list page is (the
    /// model's ledger knows both).
    static func draw(
        _ state: BrowserState, ledger: RequestLedger, now: Date, into buffer: inout ScreenBuffer, row: Int,
        documentLines: Int? = nil, helpHint: String? = nil, commentsLoadingSince: Date? = nil
    ) {
        buffer.fill(row: row, style: barStyle)
        if let prompt = state.prompt {
            drawPrompt(prompt, into: &buffer, row: row)
            if prompt.kind == .find, let text = state.detail?.find?.statusText {
                drawFindStatus(text, into: &buffer, row: row)
            }
            return
        }
        if let picker = state.sitePicker {
            drawSitePicker(picker, loadingSince: picker.loadingSince(in: ledger), now: now, into: &buffer, row: row)
            return
        }
        let badge = state.inbox.unreadCount.flatMap { $0 > 0 ? " ✉ \($0) " : nil } ?? ""
        var quota = state.quotaRemaining.map { " quota \($0) " } ?? ""
        var hint = helpHint.map { " \($0) " } ?? ""
        var watching = watchSummary(state.watch, room: buffer.width - DisplayWidth.of(hint + badge + quota))
        let comments = commentsLoadingSince
        let listPhase = state.list.phase(in: ledger)
        var line = StyledLine(segments(state, listPhase: listPhase, now: now, withLocation: true, documentLines: documentLines, commentsLoadingSince: comments))
        // The site and list label matter more than the right side's extras: the watch summary gives way first, then
        // the quota, then the help hint, before the location does (a message is shortened after, as before).
        let message = messageWidth(state, now: now)
        let located = line.displayWidth - (message > 0 ? message + 3 : 0)
        for giveWay in 0..<3 where located + DisplayWidth.of(hint + badge + watching + quota) > buffer.width {
            switch giveWay {
            case 0: watching = ""
            case 1: quota = ""
            default: hint = ""
            }
        }
        let right = hint + badge + watching + quota
        let rightWidth = DisplayWidth.of(right)
        let leftWidth = max(0, buffer.width - rightWidth)
        // The location goes next when space runs out: the position, the spinner and the error matter more.
        if line.displayWidth > leftWidth {
            line = StyledLine(segments(state, listPhase: listPhase, now: now, withLocation: false, documentLines: documentLines, commentsLoadingSince: comments))
        }
        if line.displayWidth > leftWidth {
            // A message naming a path gives up the path's middle before the reason at its end is cut.
            let room = leftWidth - (line.displayWidth - messageWidth(state, now: now)) - 1
            line = StyledLine(segments(
                state, listPhase: listPhase, now: now, withLocation: false, documentLines: documentLines, messageRoom: room, commentsLoadingSince: comments))
        }
        if line.displayWidth > leftWidth {
            buffer.draw(line, row: row, maxWidth: max(0, leftWidth - 1))
            buffer.put("…", row: row, column: max(0, leftWidth - 1), style: barStyle)
        } else {
            buffer.draw(line, row: row)
        }
        if rightWidth < buffer.width { buffer.put(right, row: row, column: leftWidth, style: barStyle) }
    }

    /// The left part of the status line: location, position or question, activity (`listPhase`: the list's
    /// paging), then the error or notice.
    static func segments(
        _ state: BrowserState, listPhase: LoadPhase, now: Date, withLocation: Bool, documentLines: Int? = nil, messageRoom: Int? = nil,
        commentsLoadingSince: Date? = nil
    ) -> [StyledSpan] {
        var spans: [StyledSpan] = []
        if withLocation { spans.append(StyledSpan(" " + location(state, brief: state.detail != nil) + " │", style: barStyle)) }
        if let detail = state.detail {
            spans.append(StyledSpan(" #\(detail.questionID)", style: barStyle))
            spans += activity(
                detail: detail, listPhase: listPhase, now: now, documentLines: documentLines, commentsLoadingSince: commentsLoadingSince)
        } else {
            let list = state.list
            let position = list.rows.isEmpty ? "0/0" : "\(list.selection + 1)/\(list.rows.count)"
            spans.append(StyledSpan(" " + position + (list.hasMore && list.loadedPages > 0 ? "+" : ""), style: barStyle))
            spans += activity(listPhase: listPhase, now: now)
        }
        spans += storeSpans(state, now: now)
        let fit = { (text: String) in messageRoom.map { TextFit.shortenPaths(text, toFit: $0) } ?? text }
        if let error = throttleCountdown(state, now: now) ?? state.lastError {
            spans.append(StyledSpan(" │ ", style: barStyle))
            spans.append(StyledSpan(fit(error), style: errorStyle))
        } else if let notice = state.notice {
            spans.append(StyledSpan(" │ " + fit(notice), style: barStyle))
        }
        return spans
    }

    /// The columns the error or notice takes in the line (without its ` │ ` separator).
    static func messageWidth(_ state: BrowserState, now: Date) -> Int {
        DisplayWidth.of(throttleCountdown(state, now: now) ?? state.lastError ?? state.notice ?? "")
    }

    /// `offline` when the network could not be reached, and the age of what the store shows.
    static func storeSpans(_ state: BrowserState, now: Date) -> [StyledSpan] {
        var spans: [StyledSpan] = []
        if state.isOffline { spans.append(StyledSpan(" │ offline", style: errorStyle)) }
        let cachedAt = state.detail.map(\.cachedAt) ?? state.list.cachedAt
        if let cachedAt {
            let age = RelativeAge.format(cachedAt, now: now)
            spans.append(StyledSpan(" │ cached " + (age == "now" ? "just now" : "\(age) ago"), style: barStyle))
        }
        return spans
    }

    /// Site, tags (or all), sort, and the search text when there is one; with a question open, the question's own
    /// site (an inbox item or a bookmark may be on another site than the list's).
    static func location(_ state: BrowserState, brief: Bool) -> String {
        let query = state.list.query
        if let detail = state.detail { return PlainText.sanitize(state.siteNames[detail.site] ?? detail.site) }
        if state.bookmarks != nil { return "bookmarks" }
        // A search over several sites names them all.
        let site = state.list.merged.map { $0.sites.map { state.siteNames[$0] ?? $0 }.joined(separator: " + ") }
            ?? state.siteNames[query.site] ?? query.site
        if brief { return PlainText.sanitize(site) }
        if query.searchesStore, let search = query.searchText {
            // Ranked by the index, whatever the sort: the bar says where the results come from instead.
            return PlainText.sanitize([site, "store", "“\(search)”"].joined(separator: " · "))
        }
        var parts = [site, query.tags.isEmpty ? "all" : query.tags.joined(separator: "+"), query.sort.rawValue]
        if let search = query.searchText { parts.append("“\(search)”") }
        return PlainText.sanitize(parts.joined(separator: " · "))
    }

    /// The spinner and elapsed seconds while a list page loads, with the Esc hint where Esc cancels it (the list).
    static func activity(listPhase: LoadPhase, now: Date, escCancels: Bool = true) -> [StyledSpan] {
        guard case .loading(let page, let startedAt) = listPhase else { return [] }
        let hint = escCancels ? " · Esc cancel" : ""
        return [StyledSpan(" │ " + spinner(since: startedAt, now: now) + " page \(page)" + hint, style: barStyle)]
    }

    /// The spinner while the detail loads, else the lines shown (and the list's spinner if a page loads behind).
    static func activity(
        detail: DetailState, listPhase: LoadPhase, now: Date, documentLines: Int?, commentsLoadingSince: Date? = nil
    ) -> [StyledSpan] {
        switch detail.phase {
        case .loading(let startedAt):
            return [StyledSpan(" │ " + spinner(since: startedAt, now: now) + " loading… · Esc back", style: barStyle)]
        case .loaded(let loaded) where documentLines != nil:
            let lineCount = documentLines ?? 0
            var position = " │ line \(min(detail.scroll + 1, lineCount))/\(lineCount)"
            if let answers = answersProgress(loaded) { position += " · " + answers }
            return [StyledSpan(position, style: barStyle)] + findAndComments(detail, now: now, loadingSince: commentsLoadingSince)
                + activity(listPhase: listPhase, now: now, escCancels: false)
        case .loaded, .failed:
            return activity(listPhase: listPhase, now: now, escCancels: false)
        }
    }

    /// A spinner frame and the whole seconds elapsed, like `⠙ 2s`.
    static func spinner(since start: Date, now: Date) -> String {
        let elapsed = max(0, now.timeIntervalSince(start))
        return "\(Spinner.frame(elapsed: elapsed)) \(Int(elapsed))s"
    }

    /// The prompt label and text, with the terminal cursor drawn where typing goes; a text wider than the bar
    /// shows the part around the cursor.
    static func drawPrompt(_ prompt: PromptState, into buffer: inout ScreenBuffer, row: Int) {
        let label = " \(prompt.kind.label): "
        let labelWidth = buffer.put(label, row: row, column: 0, style: barStyle)
        let room = max(1, buffer.width - labelWidth - 1)
        let characters = prompt.editor.characters
        let cursor = prompt.editor.cursor
        var start = 0
        while start < cursor, DisplayWidth.of(String(characters[start..<cursor])) > room - 1 { start += 1 }
        var shown = ""
        var used = 0
        for character in characters[start...] {
            let width = DisplayWidth.of(character)
            if used + width > room { break }
            shown.append(character)
            used += width
        }
        buffer.put(shown, row: row, column: labelWidth, style: barStyle)
        let column = labelWidth + DisplayWidth.of(String(characters[start..<cursor]))
        buffer.cursor = ScreenBuffer.Position(row: row, column: min(buffer.width - 1, column))
    }
}
