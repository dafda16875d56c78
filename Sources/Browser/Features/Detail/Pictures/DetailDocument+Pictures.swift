extension DetailDocument {
    /// The lines find looks in: the pictures' rows left out (their cells are drawing, not text); their boxes stay.
    public var findableLines: [StyledLine] {
        guard !pictures.isEmpty else { return lines }
        var findable = lines
        for spot in pictures {
            for row in spot.pictureRows where findable.indices.contains(row) { findable[row] = .empty }
        }
        return findable
    }
}
