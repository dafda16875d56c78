@testable import Browser
import Foundation
import StackExchange

/// The document the replay's invariants check the detail's scroll against: what the open question lays out to, laid
/// out afresh by a memo of its own (never the one lent to the model), so a document the model's memo kept too long
/// would show as a scroll out of bounds.
///
/// A layout is a function of the inputs named here, so the same inputs lay out the same document: it is laid out
/// again only when one of them changed since the last check (most events move the selection or a clock, not the
/// question's text), which is what makes a check after every event affordable.
final class DetailLayoutCheck {
    /// Everything `LayoutMemo.document(for:width:now:)` lays a document out from.
    private struct Inputs: Equatable {
        var phase: DetailState.Phase
        var comments: [Int: [PostComment]]?
        var pictures: PictureShelf
        var width: Int
        var now: Date
        var highlightsCode: Bool
    }

    private var last: (inputs: Inputs, document: DetailDocument?)?

    /// The document of `detail` at `width` at `now`, as a fresh memo lays it out.
    func document(for detail: DetailState, width: Int, now: Date, highlightsCode: Bool) -> DetailDocument? {
        let inputs = Inputs(
            phase: detail.phase, comments: detail.comments.visible, pictures: detail.pictures, width: width, now: now,
            highlightsCode: highlightsCode)
        if let last, last.inputs == inputs { return last.document }
        let document = LayoutMemo(highlightsCode: highlightsCode).document(for: detail, width: width, now: now)
        last = (inputs, document)
        return document
    }
}
