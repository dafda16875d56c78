@testable import Browser
import Foundation
import Testing

/// With STACKTERM_WRITE_README_KEYS=1, rewrites the README's key table from `ActionTable` (like re-recording a snapshot).
struct ReadmeTableGenerator {
    @Test func writeTheReadmeKeyTableWhenAsked() throws {
        guard ProcessInfo.processInfo.environment["STACKTERM_WRITE_README_KEYS"] == "1" else { return }
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- keys:begin -->\n"))
        let end = try #require(text.range(of: "\n<!-- keys:end -->"))
        let updated = text.replacingCharacters(in: begin.upperBound..<end.lowerBound, with: ActionTable.markdownTable())
        try updated.write(to: readme, atomically: true, encoding: .utf8)
    }
}
