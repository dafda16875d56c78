/// Copying for tests and the runner's callers: every screen copies through `ScreenContext.copying`.
extension BrowserModel {
    /// Copies `text` without the characters the screen does not draw (`ScreenContext.copying`).
    func copying(_ text: String, confirmation: (Int) -> String) -> [BrowserEffect] {
        ScreenContext.copying(text, confirmation: confirmation)
    }
}
