import Foundation
import TestSupport
import Testing

/// What stackterm sends the terminal per frame, counted with strace on the real binary in tmux (issue 17).
///
/// Each `write` to the terminal wakes it (and, over ssh, may be a packet of its own): a frame should go out
/// in one, at most two. ncurses left alone made one or more per row.
@Suite(.serialized)
struct TerminalWritesEndToEndTests {
    @Test func aFullScreenPageDownIsAtMostTwoWrites() async throws {
        try await StacktermRun.with(latencyMilliseconds: 5, width: 120, height: 40) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("1/60+"))
            try run.tmux.send("n")
            #expect(try await run.waitForStatus("1/60+"))
            try run.tmux.send("n")
            #expect(try await run.waitForStatus("1/90+"))
            // The first PageDown takes the selection to the bottom row of the screen; the second scrolls every row.
            try run.tmux.send("PageDown")
            #expect(await eventually { (run.lastFrame()?["selected"] as? Int ?? 0) > 20 })
            let bottom = run.lastFrame()?["selected"] as? Int ?? 0
            #expect(try await run.waitForStatus("\(bottom + 1)/90+"))
            let pid = try #require(run.stacktermPID())
            let framesBefore = frameCount(run)
            let trace = try await SystemCallTrace.start(pid: pid)
            try run.tmux.send("PageDown")
            // The frame of the key: the selection a page further down, and the terminal showing it.
            #expect(await eventually { (run.lastFrame()?["selected"] as? Int ?? 0) > bottom + 20 })
            let selected = run.lastFrame()?["selected"] as? Int ?? 0
            #expect(try await run.waitForStatus("\(selected + 1)/90+"))
            #expect(await eventually { !trace.writes().filter { $0.descriptor == 1 }.isEmpty })
            trace.stop()
            let frames = frameCount(run) - framesBefore
            let terminalWrites = trace.writes().filter { $0.descriptor == 1 }
            let bytes = terminalWrites.reduce(0) { $0 + $1.bytes }
            #expect(frames == 1, "one key, one frame (\(frames) drawn)")
            // A full-screen change: every row of the list drawn again, so thousands of bytes, not a status bar.
            #expect(bytes > 120 * 25, "\(bytes) bytes: not a full-screen change")
            #expect(terminalWrites.count <= 2, "\(terminalWrites.count) writes for one frame: \(terminalWrites.map(\.bytes))")
        }
    }

    private func frameCount(_ run: StacktermRun) -> Int {
        run.traceEvents().filter { $0["ev"] as? String == "frame" }.count
    }
}
