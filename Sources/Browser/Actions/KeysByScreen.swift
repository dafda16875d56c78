/// Keys per screen, each screen's `[Key]` or nil where it has none: an array in `KeymapScreen.position` order.
///
/// The default keymap is built from them at every launch, before the first frame: kept in a dictionary, the screens'
/// look-ups were a third of that build.
public struct KeysByScreen: Hashable, Sendable {
    private let byPosition: [[Key]?]

    init(byPosition: [[Key]?]) {
        precondition(byPosition.count == KeymapScreen.allCases.count)
        self.byPosition = byPosition
    }

    /// The keys on `screen`, nil where the screen has none.
    public subscript(screen: KeymapScreen) -> [Key]? { byPosition[screen.position] }
}
