import Images

extension BrowserModel {
    /// The terminal's cell is `cell` pixels now: the open question's pictures, and those of every question opened
    /// from now on, are scaled with it; the post being read stays where it is.
    mutating func changeCellSize(_ cell: CellSize) -> [BrowserEffect] {
        guard cell != context.configuration.pictures.cell else { return [] }
        return keepingCurrentPostInPlace(rewrapped: true) { model in
            model.context.configuration.pictures.cell = cell
            model.state.detailScreen.detail?.pictures.look.cell = cell
            return []
        }
    }
}
