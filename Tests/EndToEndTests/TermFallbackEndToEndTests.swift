import Foundation
import TestSupport
import Testing

/// A `TERM` without a terminfo entry here (kitty's `xterm-kitty` over ssh, or any unknown name) starts on
/// `xterm-256color` and says so once in the messages, instead of refusing to start.
@Suite(.serialized)
struct TermFallbackEndToEndTests {
    /// Whether the machine has a terminfo entry for `term` (`infocmp` finds it).
    static func hasEntry(_ term: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["infocmp", term]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    @Test(arguments: ["xterm-kitty", "no-such-terminal-anywhere"])
    func aTermWithoutAnEntryRunsAsXterm256ColorAndSaysSoOnce(term: String) async throws {
        try #require(!Self.hasEntry(term), "this machine has a terminfo entry for \(term): the test would prove nothing")
        let message = "no terminfo entry for TERM=\(term); running as xterm-256color"
        try await StacktermRun.with(commandPrefix: ["env", "TERM=\(term)"]) { run in
            #expect(try await run.waitForStatus("1/30+"))
            // The status bar says it (cut to its width), until the next key.
            #expect(try await run.waitForStatus("no terminfo entry for TERM=\(term)"))
            // The list works: the selection moves.
            try run.tmux.send("j")
            #expect(try await run.waitForStatus("2/30+"))
            try run.tmux.send("M")
            let shown = await eventually(within: 8) { (try? run.tmux.capture().contains { $0.contains(message) }) == true }
            #expect(shown)
            let lines = try run.tmux.capture().filter { $0.contains(message) }
            #expect(lines.count == 1, "said once: \(lines)")
        }
    }
}
