import Highlight
import Testing

/// A language by its alias; the test fails (and Python stands in) when the catalogue lacks it.
func language(_ alias: String, sourceLocation: SourceLocation = #_sourceLocation) -> Language {
    guard let language = Language(alias: alias) else {
        Issue.record("no language for \(alias)", sourceLocation: sourceLocation)
        return Language(alias: "python")!
    }
    return language
}

/// The role of the `occurrence`-th (0-based) appearance of `token` in `code`: the role of the span holding
/// all of it, or nil when the token is cut across spans of different roles (or missing).
func role(of token: String, in code: String, _ alias: String, occurrence: Int = 0) -> HighlightRole? {
    let bytes = Array(code.utf8)
    let needle = Array(token.utf8)
    var found = -1
    var seen = 0
    var index = 0
    while index + needle.count <= bytes.count {
        if Array(bytes[index..<index + needle.count]) == needle {
            if seen == occurrence {
                found = index
                break
            }
            seen += 1
        }
        index += 1
    }
    guard found >= 0 else { return nil }
    let range = found..<found + needle.count
    let spans = Highlighter.spans(code, language: language(alias))
    return spans.first { $0.range.lowerBound <= range.lowerBound && $0.range.upperBound >= range.upperBound }?.role
}

/// The roles that appear in `code`.
func roles(in code: String, _ alias: String) -> Set<HighlightRole> {
    Set(Highlighter.spans(code, language: language(alias)).filter { !$0.range.isEmpty }.map(\.role))
}

/// Checks that `spans` cover `count` bytes in order, with no gap, no overlap and no empty span.
func expectCovers(_ spans: [HighlightSpan], count: Int, _ context: @autoclosure () -> String) {
    var next = 0
    for span in spans {
        if span.range.lowerBound != next || span.range.isEmpty {
            Issue.record("span \(span) does not follow \(next): \(context())")
            return
        }
        next = span.range.upperBound
    }
    #expect(next == count, "spans end at \(next) of \(count): \(context())")
}
