/// A question detail laid out for one width: its lines, where each answer starts, and the links listed below.
///
/// Code lines are kept whole even when wider than the screen; `ScreenBuffer.draw` clips them at the right edge
/// (a wide character straddling the edge becomes a space), so the layout never cuts code itself.
public struct DetailDocument: Sendable, Hashable {
    /// Every line of the document, top to bottom.
    public var lines: [StyledLine]
    /// The index in `lines` of each answer's header line, in the order the answers are shown.
    public var answerLineIndices: [Int]
    /// Every link URL of the document; the link shown as `[n]` is `links[n - 1]`.
    public var links: [String]

    public init(lines: [StyledLine], answerLineIndices: [Int], links: [String]) {
        self.lines = lines
        self.answerLineIndices = answerLineIndices
        self.links = links
    }
}
