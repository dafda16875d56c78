import Foundation
import Images
import Terminal
import Testing

/// tmux's `allow-passthrough`, asked beside the launch: what a `tmux` on PATH answers (a script standing in for it,
/// which counts its runs), and the pictures' probe taking that answer instead of asking again.
struct TmuxPassthroughQueryTests {
    /// A directory holding a `tmux` that answers `show -gv allow-passthrough` with `answer` (or exits with `status`),
    /// appending a line to `runs` each time it is run.
    struct FakeTmux {
        let directory: URL
        var runs: URL { directory.appendingPathComponent("runs") }
        var environment: [String: String] { ["TMUX": "/tmp/tmux-test/default,1,0", "PATH": directory.path] }

        init(answer: String, status: Int32 = 0) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("fake-tmux-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let script = """
                #!/bin/sh
                echo "$*" >> '\(directory.path)/runs'
                [ "$*" = "show -gv allow-passthrough" ] || exit 2
                echo '\(answer)'
                exit \(status)
                """
            let path = directory.appendingPathComponent("tmux").path
            try script.write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o755)
        }

        /// How many times the fake tmux was run.
        var runCount: Int {
            ((try? String(contentsOf: runs, encoding: .utf8)) ?? "").split(separator: "\n").count
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    @Test(arguments: [("on", true), ("all", true), ("off", false)])
    func theAnswerIsTmuxs(answer: String, expected: Bool) throws {
        let tmux = try FakeTmux(answer: answer)
        defer { tmux.remove() }
        let query = try #require(TmuxPassthroughQuery.start(environment: tmux.environment))
        #expect(query.passthrough == expected)
        #expect(query.passthrough == expected, "the answer is kept")
        #expect(tmux.runCount == 1)
    }

    @Test func aTmuxThatFailsSaysNothing() throws {
        let tmux = try FakeTmux(answer: "on", status: 1)
        defer { tmux.remove() }
        #expect(TmuxPassthroughQuery.start(environment: tmux.environment)?.passthrough == nil)
    }

    @Test func outsideTmuxNothingIsAsked() throws {
        let tmux = try FakeTmux(answer: "on")
        defer { tmux.remove() }
        var environment = tmux.environment
        environment["TMUX"] = nil
        #expect(TmuxPassthroughQuery.start(environment: environment) == nil)
        #expect(tmux.runCount == 0)
    }

    /// A launch whose first screen is a list does not wait for tmux: the form is decided as with passthrough off,
    /// tmux is asked only once the first frame is out, and its answer decides again.
    @MainActor @Test func insideTmuxTheFormIsDecidedAgainWithTmuxsAnswerAfterTheFirstFrame() async throws {
        let tmux = try FakeTmux(answer: "off")
        defer { tmux.remove() }
        let (now, later) = PictureFormProbe.runOrDefer(
            mode: .auto, blocks: .half, term: "xterm-256color", environment: tmux.environment, deferring: true)
        let text = ImageFormDecision(mode: .auto, environment: tmux.environment, colours: 256, answers: nil).form
        #expect(now.form == text)
        #expect(now.tmuxPassthrough == nil, "not known yet")
        #expect(tmux.runCount == 0, "tmux is not asked before the first frame")
        let deferred = try #require(later)
        let decided = await withCheckedContinuation { continuation in
            deferred.decide { continuation.resume(returning: $0) }
        }
        #expect(decided.tmuxPassthrough == false)
        #expect(decided.form == text)
        #expect(tmux.runCount == 1)
    }

    /// Only `auto` inside tmux, on a launch that may defer, is decided later; everything else as before curses.
    @Test func otherLaunchesDecideBeforeCurses() throws {
        let tmux = try FakeTmux(answer: "off")
        defer { tmux.remove() }
        let link = PictureFormProbe.runOrDefer(
            mode: .auto, blocks: .half, term: "xterm-256color", environment: tmux.environment, deferring: false)
        #expect(link.later == nil)
        #expect(link.now.tmuxPassthrough == false, "asked on the spot")
        #expect(tmux.runCount == 1)
        let blocks = PictureFormProbe.runOrDefer(
            mode: .blocks, blocks: .half, term: "xterm-256color", environment: tmux.environment, deferring: true)
        #expect(blocks.later == nil)
        var outside = tmux.environment
        outside["TMUX"] = nil
        let plain = PictureFormProbe.runOrDefer(mode: .none, blocks: .half, term: "xterm-256color", environment: outside, deferring: true)
        #expect(plain.later == nil)
        #expect(tmux.runCount == 1)
    }
}
