/// A run of a code string's UTF-8 bytes in one role.
public struct HighlightSpan: Hashable, Sendable {
    /// The UTF-8 offsets the span covers.
    public var range: Range<Int>
    public var role: HighlightRole

    public init(range: Range<Int>, role: HighlightRole) {
        self.range = range
        self.role = role
    }
}
