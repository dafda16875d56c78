public import Foundation

/// Draws the browser: a pure function of the model, the screen size and the time.
///
/// It reads the model and writes nothing back, and it sends nothing: resizes and ticks reach the model as events
/// from the runner's signals and timers, never from a frame. What it needs laid out (the detail document, the
/// list's rows) comes from the runner's `LayoutMemo`, memoised by its inputs; ages ("2h ago") are of `now`, the
/// time of the frame. Scroll positions are taken from the model and only clamped here, on a copy, when the size
/// differs from the one the model last heard of.
public enum BrowserRenderer {
    /// Lays out the list rows of the screen below the one `render` draws (idle work after a frame), so that the
    /// next PageDown finds them laid out; nothing when the list is not showing. Then it frees the rows the row
    /// cache dropped since (`ListRowCache.releaseRetired`), whatever the screen.
    public static func prepareNextScreen(_ model: BrowserModel, layouts: LayoutMemo, width: Int, height: Int, now: Date) {
        // The rows the row cache dropped (in the frame, or laying out ahead here) are freed now, outside the frame.
        defer { layouts.listRows.releaseRetired() }
        guard width >= BrowserModel.minimumWidth, height >= BrowserModel.minimumHeight,
              model.state.stack.base == .list else { return }
        let listHeight = ListView.listHeight(bodyHeight: height - 1)
        var list = model.state.list
        list.keepSelectionVisible(height: listHeight)
        ListView.prepare(
            list, from: list.scrollOffset + listHeight, count: listHeight, now: now, width: width,
            repertoire: model.repertoire, cache: &layouts.listRows, marks: model.rowMarks
        )
    }

    /// The screen for `model` at `width`×`height` at the model's own time, with a memo of its own: the same frame
    /// the runner draws, laid out afresh (for tests that drive the model alone).
    public static func render(_ model: BrowserModel, width: Int, height: Int) -> ScreenBuffer {
        render(model, layouts: LayoutMemo(highlightsCode: model.configuration.highlightsCode), width: width, height: height,
               now: model.now)
    }

    /// The screen for `model` at `width`×`height` at `now`, laid out through `layouts`.
    public static func render(_ model: BrowserModel, layouts: LayoutMemo, width: Int, height: Int, now: Date) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height, repertoire: model.repertoire)
        guard width >= BrowserModel.minimumWidth, height >= BrowserModel.minimumHeight else {
            TooSmallNotice.draw(into: &buffer, minimumWidth: BrowserModel.minimumWidth, minimumHeight: BrowserModel.minimumHeight)
            return buffer
        }
        let state = model.state
        let bodyHeight = height - 1
        var documentLines: Int?
        var drawnDetail: DetailState?
        // The screen under the overlays is drawn in full; the overlays above it (the messages, the help) over it.
        switch state.stack.base {
        case .watches:
            WatchesView.draw(state.watch.screen, watch: state.watch, defaultSite: state.list.query.site,
                             intervalMinutes: model.configuration.watch.schedule.intervalMinutes,
                             hasKey: model.configuration.watch.hasKey, into: &buffer, height: bodyHeight)
        case .sitePicker:
            guard var picker = state.sitePicker else { break }
            picker.keepSelectionVisible(height: SitePickerView.listHeight(bodyHeight: bodyHeight))
            SitePickerView.draw(picker, loading: picker.isLoading(in: model.ledger), now: now, into: &buffer, height: bodyHeight)
        case .detail:
            guard var detail = state.detail else { break }
            let document = layouts.document(for: detail, width: width, now: now)
            if let document {
                detail.find?.refresh(in: document.lines, width: width)
                detail.scroll(by: 0, in: document, height: bodyHeight)
                documentLines = document.lines.count
                drawnDetail = detail
            }
            let current = document.flatMap { CurrentPost.of(detail, in: $0) }
            DetailView.draw(detail, document: document, now: now, into: &buffer, height: bodyHeight,
                            current: current, marksCurrent: state.account.isSignedIn)
            if let editor = state.commentEditor {
                CommentEditorView.draw(editor, now: now, into: &buffer, bodyHeight: bodyHeight)
            }
        case .writing:
            if let writing = state.writing {
                WritingView.draw(writing, now: now, highlightsCode: model.configuration.highlightsCode, into: &buffer,
                                 height: bodyHeight)
            }
        case .drafts:
            DraftsView.draw(state.drafts, now: now, into: &buffer, height: bodyHeight)
        case .inbox:
            InboxView.draw(state.inbox, loading: model.ledger.isAwaiting(.inbox), siteNames: state.siteNames, now: now, into: &buffer, height: bodyHeight)
        case .list, .messages, .help:
            var list = state.list
            list.keepSelectionVisible(height: ListView.listHeight(bodyHeight: bodyHeight))
            ListView.draw(list, ledger: model.ledger, now: now, into: &buffer, height: bodyHeight, cache: &layouts.listRows, marks: model.rowMarks)
            WatchBannerView.draw(model, into: &buffer, bodyHeight: bodyHeight)
        }
        if state.stack.contains(.messages) {
            MessagesView.draw(state.messagesScreen, log: state.messages.log, into: &buffer, bodyHeight: bodyHeight)
        }
        var shown = state
        // The status bar's line number is of the scroll drawn (clamped above for this size).
        if let drawnDetail { shown.detail = drawnDetail }
        let cursor = buffer.cursor
        let helpHint = state.helpSeen ? nil
            : model.keymap.keys(for: .toggleHelp, on: model.helpContext.keymapScreen).first.map { "\($0.helpLabel) help" }
        StatusBar.draw(shown, ledger: model.ledger, now: now, into: &buffer, row: height - 1, documentLines: documentLines, helpHint: helpHint,
                       commentsLoadingSince: model.commentsLoadingSince)
        // The comment editor's cursor stays where its text ends.
        if state.commentEditor != nil, state.prompt == nil, let cursor { buffer.cursor = cursor }
        if state.stack.top == .help {
            let context = model.helpContext
            let closeKeys = model.keymap.keys(for: .toggleHelp, on: context.keymapScreen).first.map { "\($0.helpLabel) or Esc" } ?? "Esc"
            HelpOverlay.draw(rows: context.rows(keymap: model.keymap), title: context.rawValue, closeKeys: closeKeys,
                             scroll: state.helpScroll.top, into: &buffer)
        }
        return buffer
    }
}
