public import Foundation
public import StorePorts

/// The drafts screen (`D` on the list, `Screen.drafts` on the stack): every text written in the editor and not yet
/// posted or discarded, newest first, with its site, what it is for, its age and its first line. Enter opens the
/// selected draft in the editor again (on to the preview), `d` discards it.
public struct DraftsScreen: Equatable, Sendable {
    /// The drafts as the data file (and this run's memory) had them when the screen opened, or since a change.
    public var drafts: [EditorDraft] = []
    public var selection = 0
    /// The first row shown.
    public var top = 0

    public init(drafts: [EditorDraft] = []) {
        self.drafts = drafts
    }

    /// The selected draft, if any.
    public var selected: EditorDraft? { drafts.indices.contains(selection) ? drafts[selection] : nil }

    /// The first line of a draft's text as the person wrote it: its title, else its body's first non-blank line.
    public static func firstLine(of draft: EditorDraft) -> String {
        let read = EditorDocument.read(draft.text, for: draft.target)
        if let title = read.title, !title.isEmpty { return title }
        return read.body.split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "(empty)"
    }

    /// Keeps the selection inside the list and on a screen of `height` rows.
    public mutating func keepSelectionVisible(height: Int) {
        selection = max(0, min(selection, drafts.count - 1))
        if selection < top { top = selection }
        if selection >= top + height { top = selection - height + 1 }
        top = max(0, top)
    }

    /// The screen's keys: move, Enter opens the draft in the editor, `d` discards it, Esc, back or `q` close.
    mutating func perform(_ action: Action, in context: inout ScreenContext) -> DraftsReply {
        let height = max(1, context.bodyHeight - 2)
        switch action {
        case .moveUp: selection -= 1
        case .moveDown: selection += 1
        case .pageUp: selection -= max(1, height - 1)
        case .pageDown: selection += max(1, height - 1)
        case .first: selection = 0
        case .last: selection = drafts.count - 1
        case .open, .edit:
            guard let draft = selected else { return .none }
            return .open(draft)
        case .discard:
            guard let draft = selected else { return .none }
            drafts.remove(at: selection)
            keepSelectionVisible(height: height)
            context.notice = "draft discarded: \(draft.target.summary) on \(draft.site)"
            return .discard(draft)
        case .back, .escape, .quit, .drafts:
            return .close
        default: break
        }
        keepSelectionVisible(height: height)
        return .none
    }
}

/// What a key on the drafts screen asks the model for.
enum DraftsReply: Equatable {
    case none
    /// Open this draft in the editor again.
    case open(EditorDraft)
    /// Forget this draft.
    case discard(EditorDraft)
    /// Close the screen.
    case close
}
