extension DetailDocument {
    /// Draws again, for `pictures` (their states and look), the box and rows of each picture whose state or look
    /// differs from `drawn`'s (what the document shows now), the text around them kept as it was laid out. A picture
    /// that keeps its number of lines is replaced in place; when one gains or loses rows, the lines after it move with
    /// it, and so do the answers' headers and the code blocks. The result is the document a layout with `pictures`
    /// gives, for the cost of the changed pictures' own lines.
    mutating func redrawPictures(_ pictures: PictureShelf?, from drawn: PictureShelf?) {
        var changed: [Int: (lines: [StyledLine], boxLines: Int)] = [:]
        for (index, spot) in self.pictures.enumerated() {
            let url = spot.picture.url
            guard pictures?.look != drawn?.look || pictures?[url] != drawn?[url] else { continue }
            let (box, rows) = PictureLines.parts(
                spot.picture, state: pictures?[url], look: pictures?.look, room: spot.room,
                first: spot.firstPrefix, rest: spot.restPrefix)
            changed[index] = (box + rows, box.count)
        }
        guard !changed.isEmpty else { return }
        if changed.allSatisfy({ $0.value.lines.count == self.pictures[$0.key].lines.count }) {
            for (index, change) in changed {
                lines.replaceSubrange(self.pictures[index].lines, with: change.lines)
                self.pictures[index].boxLines = change.boxLines
            }
            return
        }
        var moved: [StyledLine] = []
        moved.reserveCapacity(lines.count)
        /// From which old line on the lines move, and by how many: one entry after each picture.
        var moves: [(from: Int, by: Int)] = []
        var cursor = 0
        for index in self.pictures.indices {
            let spot = self.pictures[index]
            moved += lines[cursor..<spot.lines.lowerBound]
            let start = moved.count
            if let change = changed[index] {
                moved += change.lines
                self.pictures[index].boxLines = change.boxLines
            } else {
                moved += lines[spot.lines]
            }
            self.pictures[index].lines = start..<moved.count
            cursor = spot.lines.upperBound
            moves.append((cursor, moved.count - cursor))
        }
        moved += lines[cursor...]
        lines = moved
        func shifted(_ line: Int) -> Int { line + (moves.last { $0.from <= line }?.by ?? 0) }
        answerLineIndices = answerLineIndices.map(shifted)
        codeBlocks = codeBlocks.map { block in
            var block = block
            let start = shifted(block.lines.lowerBound)
            block.lines = start..<start + block.lines.count
            return block
        }
    }
}
