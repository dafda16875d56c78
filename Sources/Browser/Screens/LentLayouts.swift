/// The memo lent for one event. It is nil between events and never part of what the model means, so it tells
/// no two models apart (the model is `Equatable` with it inside).
struct LentLayouts: Equatable {
    var memo: LayoutMemo?

    static func == (_: LentLayouts, _: LentLayouts) -> Bool { true }
}
