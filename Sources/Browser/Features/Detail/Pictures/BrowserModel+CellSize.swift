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

    /// The pictures' form is `form` now, scaled by `cell` (decided after the first frame): every question opened from
    /// now on draws its pictures so, and the open one (none, on the launches that decide late) takes the new look;
    /// the post being read stays where it is.
    mutating func changePicturesForm(_ form: ImageForm, cell: CellSize) -> [BrowserEffect] {
        guard form != context.configuration.pictures.form || cell != context.configuration.pictures.cell else { return [] }
        return keepingCurrentPostInPlace(rewrapped: true) { model in
            model.context.configuration.pictures.form = form
            model.context.configuration.pictures.cell = cell
            if let shown = model.state.detailScreen.detail?.pictures.look.isShown {
                let look = DetailScreen.pictureLook(model.context.configuration.pictures, shown: shown)
                model.state.detailScreen.detail?.pictures.look = look
            }
            return []
        }
    }
}
