extension ScreenBuffer {
    /// Reverses `row` (as `reverseRow(_:)` does) and tags every cell with `role`, so the theme draws the whole row as one.
    public mutating func reverseRow(_ row: Int, role: ThemeRole) {
        reverseRow(row)
        guard row >= 0, row < height else { return }
        for column in 0..<width { self[row, column].style.role = role }
    }
}
