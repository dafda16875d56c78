public import Foundation

/// The layouts a frame needs, memoised by their inputs: the detail document by its content revision and width
/// (until an age it shows moves on), the list's rows by question, width and marks, and code blocks' colours by their text and
/// language (so a resize or a new revision lays text out again but highlights no block twice).
///
/// It lives beside the model, in the runner (`BrowserController`): the runner lends it to the model for each
/// event (`BrowserModel.handle(_:at:layouts:)`) and hands it to `BrowserRenderer.render` for each frame, so the
/// model holds no reference between events. It only ever hands out what its inputs determine (a detail's ages as
/// of the time asked), so sharing it changes nothing but speed. Used on the main actor only, like the
/// model.
public final class LayoutMemo {
    /// What a detail document's text is laid out from, besides the time (`Laid`): the opening, the revision of its
    /// text and the width. Its pictures' states are not part of it: a change of them draws the pictures' lines again.
    private struct DetailKey: Hashable {
        var opening: Int
        var changes: Int
        var width: Int

        init(_ revision: DetailState.Revision, width: Int) {
            opening = revision.opening
            changes = revision.changes
            self.width = width
        }
    }

    /// A document, the time it was laid out at and the pictures it shows (their revision and states): its ages hold
    /// from then until `document.agesChangeAt`, so a question left open shows them moving on.
    private struct Laid {
        var document: DetailDocument
        var at: Date
        var pictures: Int
        var shelf: PictureShelf

        func holds(at now: Date) -> Bool {
            now >= at && document.agesChangeAt.map { now < $0 } ?? true
        }
    }

    private var documents: [DetailKey: Laid] = [:]
    private var documentOrder: [DetailKey] = []
    /// How many detail documents are kept: the current one and one for the width before a resize.
    private let documentLimit = 2
    /// The list's rows as laid out for the last frames.
    var listRows = ListRowCache()
    /// How many documents were laid out, for tests and benchmarks.
    public private(set) var documentLayouts = 0
    /// How many times a document's pictures were drawn again (their states changed, the text did not).
    public private(set) var pictureRedraws = 0
    /// Code blocks' colours, kept across layouts.
    private(set) var code: CodeHighlights

    /// A memo that highlights code blocks unless `highlightsCode` is false (`[detail] highlight = false`).
    public init(highlightsCode: Bool = true) {
        code = CodeHighlights(isEnabled: highlightsCode)
    }

    /// Files `document` as the layout of `detail` at `width` at `now`: for tests that draw a document of their own.
    func preset(_ document: DetailDocument, for detail: DetailState, width: Int, now: Date) {
        keep(Laid(document: document, at: now, pictures: detail.revision.pictures, shelf: detail.pictures),
             for: DetailKey(detail.revision, width: width))
    }

    /// The document of `detail` at `width`, laid out once per revision of its text and width, and again once an age it
    /// shows reads differently (`DetailDocument.agesChangeAt`); when only its pictures changed (one asked for, one
    /// arrived, `I`), their lines are drawn again in the document laid out before.
    func document(for detail: DetailState, width: Int, now: Date) -> DetailDocument? {
        guard case .loaded(let loaded) = detail.phase else { return nil }
        let key = DetailKey(detail.revision, width: width)
        if let laid = documents[key], laid.holds(at: now) {
            guard laid.pictures != detail.revision.pictures else { return laid.document }
            // Taken out of the memo while it changes, so that its lines are changed in place, not copied.
            guard var laid = documents.removeValue(forKey: key) else { return nil }
            laid.document.redrawPictures(detail.pictures, from: laid.shelf)
            laid.pictures = detail.revision.pictures
            laid.shelf = detail.pictures
            pictureRedraws += 1
            documents[key] = laid
            return laid.document
        }
        let document = DetailLayout.layout(
            loaded, comments: detail.comments.visible, width: width, now: now, code: &code, pictures: detail.pictures)
        documentLayouts += 1
        keep(Laid(document: document, at: now, pictures: detail.revision.pictures, shelf: detail.pictures), for: key)
        return document
    }

    private func keep(_ laid: Laid, for key: DetailKey) {
        if documents.updateValue(laid, forKey: key) == nil { documentOrder.append(key) }
        while documentOrder.count > documentLimit { documents[documentOrder.removeFirst()] = nil }
    }
}
