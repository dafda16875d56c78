/// The memo lent for one event. It is nil between events and never part of what the model means, so it tells
/// no two models apart (the model is `Equatable` with it inside).
///
/// `@unchecked Sendable`: the memo is set only for the length of one event, on the queue the model runs on, and
/// is nil whenever the value (inside `BrowserState`) can be seen from anywhere else.
struct LentLayouts: Equatable, @unchecked Sendable {
    var memo: LayoutMemo?

    static func == (_: LentLayouts, _: LentLayouts) -> Bool { true }
}
