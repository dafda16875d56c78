import Foundation
import Testing

/// Compares `text` with `Snapshots/<name>.txt`; with STACKTERM_RECORD_SNAPSHOTS=1 it writes the file instead.
///
/// A missing snapshot fails unless recording, so a new test cannot pass by accident.
func assertSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snapshots")
    let file = directory.appendingPathComponent(name + ".txt")
    let contents = text + "\n"
    if ProcessInfo.processInfo.environment["STACKTERM_RECORD_SNAPSHOTS"] == "1" {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try contents.write(to: file, atomically: true, encoding: .utf8)
        } catch {
            Issue.record("could not record snapshot \(name): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard FileManager.default.fileExists(atPath: file.path) else {
        Issue.record("missing snapshot \(name).txt; run with STACKTERM_RECORD_SNAPSHOTS=1 to record it",
                     sourceLocation: sourceLocation)
        return
    }
    let expected: String
    do {
        expected = try String(contentsOf: file, encoding: .utf8)
    } catch {
        Issue.record("could not read snapshot \(name): \(error)", sourceLocation: sourceLocation)
        return
    }
    #expect(contents == expected, "snapshot \(name) differs:\n\(contents)", sourceLocation: sourceLocation)
}
