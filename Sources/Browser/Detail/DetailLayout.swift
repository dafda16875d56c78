// TEMPORARY STUB (browser slice): the detail-rendering slice owns Sources/Browser/Detail/ and
// replaces this file with the real layout. It exists only so the controller builds before that lands.
public import Foundation
public import StackExchange

/// A question detail laid out for one width: its lines, where each answer starts, and the links listed below.
///
/// The browser slice relies only on `lines` and on the memberwise `init(lines:answerLineIndices:links:)`
/// (tests reach it through `@testable import`), so the real type may add conformances freely.
public struct DetailDocument {
    public var lines: [StyledLine]
    public var answerLineIndices: [Int]
    public var links: [String]
}

/// Lays a question detail out into lines (TEMPORARY STUB: the title and plain text of the bodies, one line each).
public enum DetailLayout {
    public static func layout(_ detail: QuestionDetail, width: Int, now: Date) -> DetailDocument {
        var lines = [StyledLine(PlainText.decode(detail.question.title), style: CellStyle(.bold))]
        lines.append(StyledLine(PlainText.decode(detail.question.body ?? "")))
        var answerLines: [Int] = []
        for answer in detail.answers {
            answerLines.append(lines.count)
            lines.append(StyledLine("answer \(answer.score)\(answer.isAccepted ? " ✓" : "")", style: CellStyle(.bold)))
            lines.append(StyledLine(PlainText.decode(answer.body ?? "")))
        }
        return DetailDocument(lines: lines, answerLineIndices: answerLines, links: [])
    }
}
