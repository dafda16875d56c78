import Foundation
import TestSupport
import Testing

/// PageDown through a long list in tmux, as a person scrolls it: each frame copies rows laid out ahead (while the
/// browser waited for the key) and lays none out itself. The trace's `laid_out` counts the rows a frame laid out.
@Suite(.serialized)
struct LongListFramesEndToEndTests {
    static let questions = 1_500

    @Test func pageDownFramesThroughALongListLayNoRowOut() async throws {
        let data = try Self.dataDirectory(questions: Self.questions)
        defer { try? FileManager.default.removeItem(at: data) }
        try await StacktermRun.with(
            latencyMilliseconds: 0, width: 120, height: 40, arguments: ["--page-size", "100", "--key", "e2e"], dataDirectory: data
        ) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("1/100+"))
            // Page in the whole list with `n`, a page a press.
            while (run.lastFrame()?["rows"] as? Int ?? 0) < Self.questions {
                let rows = run.lastFrame()?["rows"] as? Int ?? 0
                try run.tmux.send("n")
                let grew = await eventually { (run.lastFrame()?["rows"] as? Int ?? 0) > rows }
                try #require(grew, "the list stopped at \(rows) rows")
            }
            try run.tmux.send("Home")
            #expect(await eventually { run.lastFrame()?["selected"] as? Int == 0 })
            var laidOut: [Int] = []
            var selected = 0
            // Past the old cache's limit (512 rows) more than twice: it was emptied whole, and a PageDown laid its
            // whole screen out inside the frame.
            for _ in 0..<40 {
                let frames = Self.frames(run).count
                try run.tmux.send("PageDown")
                let drawn = await eventually { Self.frames(run).count > frames && (run.lastFrame()?["selected"] as? Int ?? 0) > selected }
                try #require(drawn, "no frame for PageDown at row \(selected)")
                let frame = Self.frames(run)[frames]
                selected = run.lastFrame()?["selected"] as? Int ?? 0
                laidOut.append(frame["laid_out"] as? Int ?? -1)
            }
            #expect(selected > 1_300, "the PageDowns went through the list (at \(selected))")
            // The first PageDown moves the selection to the bottom row: nothing new shows. Every later one scrolls a
            // screen of rows laid out ahead.
            #expect(laidOut.allSatisfy { $0 == 0 }, "rows laid out inside PageDown frames: \(laidOut)")
        }
    }

    private static func frames(_ run: StacktermRun) -> [[String: Any]] {
        run.traceEvents().filter { $0["ev"] as? String == "frame" }
    }

    /// A replica data set of `questions` questions with titles of varied width and no answers.
    static func dataDirectory(questions: Int) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-e2e-long-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let now = Int(Date().timeIntervalSince1970)
        let items = (0..<questions).map { index -> [String: Any] in
            let id = 70_000_000 + index
            return [
                "tags": ["swift", "linux"], "is_answered": index % 3 == 0, "view_count": index * 7, "answer_count": index % 4,
                "score": index % 50, "last_activity_date": now - index * 30, "creation_date": now - 86_400 - index * 60,
                "question_id": id, "content_license": "CC BY-SA 4.0", "link": "https://stackoverflow.com/questions/\(id)/q",
                "title": "How do I use &quot;tag \(index)&quot; &amp; 日本語 with generics in a long enough title \(String(repeating: "x", count: index % 40))?",
                "owner": ["user_id": 1_000 + index % 500, "display_name": "user \(index % 500)", "user_type": "registered", "reputation": 10],
                "body": "<p>Body \(index)</p>",
            ]
        }
        try JSONSerialization.data(withJSONObject: items).write(to: directory.appendingPathComponent("questions.json"))
        try Data("[]".utf8).write(to: directory.appendingPathComponent("answers.json"))
        return directory
    }
}
