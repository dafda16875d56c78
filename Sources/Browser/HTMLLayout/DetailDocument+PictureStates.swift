extension DetailDocument {
    /// This document with each picture's box and rows drawn again for `pictures` (their states and look), the text
    /// around them kept as it was laid out: the lines after a picture that gained or lost rows move with it, and so do
    /// the answers' headers and the code blocks. The same document a layout with `pictures` gives, for the cost of the
    /// pictures' own lines.
    func redrawingPictures(_ pictures: PictureShelf?) -> DetailDocument {
        guard !self.pictures.isEmpty else { return self }
        var redrawn = self
        var lines: [StyledLine] = []
        lines.reserveCapacity(self.lines.count)
        /// From which old line on the lines move, and by how many: one entry after each picture.
        var moves: [(from: Int, by: Int)] = []
        var cursor = 0
        for (index, spot) in self.pictures.enumerated() {
            let (box, rows) = PictureLines.parts(
                spot.picture, state: pictures?[spot.picture.url], look: pictures?.look, room: spot.room,
                first: spot.firstPrefix, rest: spot.restPrefix)
            lines += self.lines[cursor..<spot.lines.lowerBound]
            let start = lines.count
            lines += box
            lines += rows
            redrawn.pictures[index].lines = start..<lines.count
            redrawn.pictures[index].boxLines = box.count
            cursor = spot.lines.upperBound
            moves.append((cursor, lines.count - cursor))
        }
        lines += self.lines[cursor...]
        redrawn.lines = lines
        func moved(_ line: Int) -> Int { line + (moves.last { $0.from <= line }?.by ?? 0) }
        redrawn.answerLineIndices = answerLineIndices.map(moved)
        redrawn.codeBlocks = codeBlocks.map { block in
            var block = block
            let start = moved(block.lines.lowerBound)
            block.lines = start..<start + block.lines.count
            return block
        }
        return redrawn
    }
}
