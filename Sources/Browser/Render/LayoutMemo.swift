public import Foundation

/// The layouts a frame needs, memoised by their inputs: the detail document by its content revision and
/// width, the list's rows by question, width and marks, and code blocks' colours by their text and language
/// (so a resize or a new revision lays text out again but highlights no block twice).
///
/// Drawing and key handling both ask it; neither writes anything back into the model. A reference type so
/// that copies of the model share it; it only ever hands out what the inputs determine, so sharing changes
/// nothing but speed. Used on the main actor only, like the model.
public final class LayoutMemo {
    private struct DetailKey: Hashable {
        var revision: DetailState.Revision
        var width: Int
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

    /// Files `document` as the layout of `detail` at `width`: for tests that draw a document of their own.
    func preset(_ document: DetailDocument, for detail: DetailState, width: Int) {
        let key = DetailKey(revision: detail.revision, width: width)
        documents[key] = document
        documentOrder.append(key)
    }

    /// The document of `detail` at `width`, laid out once per content revision and width.
    func document(for detail: DetailState, width: Int, now: Date) -> DetailDocument? {
        guard case .loaded(let loaded) = detail.phase else { return nil }
        let key = DetailKey(revision: detail.revision, width: width)
        if let document = documents[key] { return document }
        let document = DetailLayout.layout(loaded, comments: detail.comments.visible, width: width, now: now, code: &code)
        documentLayouts += 1
        documents[key] = document
        documentOrder.append(key)
        while documentOrder.count > documentLimit { documents[documentOrder.removeFirst()] = nil }
        return document
    }
}
