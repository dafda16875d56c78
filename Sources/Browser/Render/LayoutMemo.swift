public import Foundation

/// The layouts a frame needs, memoised by their inputs: the detail document by its content revision, width
/// and minute, the list's rows by question, width and marks, and code blocks' colours by their text and
/// language (so a resize or a new revision lays text out again but highlights no block twice).
///
/// It lives beside the model, in the runner (`BrowserController`): the runner lends it to the model for each
/// event (`BrowserModel.handle(_:at:layouts:)`) and hands it to `BrowserRenderer.render` for each frame, so the
/// model holds no reference between events. It only ever hands out what its inputs determine (a detail's ages to
/// within the minute of its key), so sharing it changes nothing but speed. Used on the main actor only, like the
/// model.
public final class LayoutMemo {
    /// What a detail document is laid out from, besides its content: the ages it shows ("2h ago") are of the
    /// minute in the key, so a question left open shows them moving on.
    private struct DetailKey: Hashable {
        var revision: DetailState.Revision
        var width: Int
        var minute: Int
    }

    private var documents: [DetailKey: DetailDocument] = [:]
    private var documentOrder: [DetailKey] = []
    /// How many detail documents are kept: the current one and one for the width before a resize.
    private let documentLimit = 2
    /// The list's rows as laid out for the last frames.
    var listRows = ListRowCache()
    /// How many documents were laid out, for tests and benchmarks.
    public private(set) var documentLayouts = 0
    /// Code blocks' colours, kept across layouts.
    private(set) var code: CodeHighlights

    /// A memo that highlights code blocks unless `highlightsCode` is false (`[detail] highlight = false`).
    public init(highlightsCode: Bool = true) {
        code = CodeHighlights(isEnabled: highlightsCode)
    }

    /// Files `document` as the layout of `detail` at `width` in the minute of `now`: for tests that draw a
    /// document of their own.
    func preset(_ document: DetailDocument, for detail: DetailState, width: Int, now: Date) {
        let key = DetailKey(revision: detail.revision, width: width, minute: Self.minute(of: now))
        documents[key] = document
        documentOrder.append(key)
    }

    /// The document of `detail` at `width`, laid out once per content revision, width and minute; its ages are
    /// of the time that first asked in that minute (the finest age shown is a minute: "5m").
    func document(for detail: DetailState, width: Int, now: Date) -> DetailDocument? {
        guard case .loaded(let loaded) = detail.phase else { return nil }
        let key = DetailKey(revision: detail.revision, width: width, minute: Self.minute(of: now))
        if let document = documents[key] { return document }
        let document = DetailLayout.layout(loaded, comments: detail.comments.visible, width: width, now: now, code: &code)
        documentLayouts += 1
        documents[key] = document
        documentOrder.append(key)
        while documentOrder.count > documentLimit { documents[documentOrder.removeFirst()] = nil }
        return document
    }

    /// The whole minutes since 1970 at `date`: the detail document's clock.
    static func minute(of date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 60).rounded(.down))
    }
}
