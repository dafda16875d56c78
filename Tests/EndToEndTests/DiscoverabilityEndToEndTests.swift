import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// Discoverable at a glance (issue 26), on the real binary: `? help` in the status bar until the help was opened
/// once in any run, and `stackterm --help` ending with the keys that matter.
@Suite(.serialized)
struct DiscoverabilityEndToEndTests {
    @Test func theStatusBarOffersHelpUntilItWasOpenedOnceInAnyRun() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        try await StacktermRun.with(width: 80, height: 24, store: store) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("? help"))
            try run.tmux.send("?")
            #expect(try await eventually { try run.tmux.capture().joined().contains("keys: list") })
            try run.tmux.send("Escape")
            #expect(try await eventually { try !run.tmux.capture().joined().contains("keys: list") })
            #expect(try !run.statusBar().contains("help"))
            try run.tmux.send("q")
            #expect(await eventually { run.exitStatus() != nil })
        }
        try await StacktermRun.with(width: 120, height: 40, store: store) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("1/60+"))
            #expect(try await eventually { try run.statusBar().contains("quota") })
            #expect(try !run.statusBar().contains("help"), "remembered from the first run")
        }
    }

    @Test func helpEndsWithTheTenKeysAndPointsAtQuestionMark() throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let help = try store.runStackterm(["--help"])
        #expect(help.status == 0)
        let lines = help.output.split(separator: "\n", omittingEmptySubsequences: false)
        let keys = try #require(lines.firstIndex(of: "KEYS:"), "\(help.output)")
        #expect(lines[keys...].contains { $0.contains("Enter, Right, l") && $0.contains("read the question") })
        #expect(help.output.trimmingCharacters(in: .newlines).hasSuffix("? in stackterm shows every key of the screen you are on."))
        #expect(help.output.contains("USAGE:"), "ArgumentParser's help comes first")
    }

    @Test(arguments: [(120, 40), (80, 24)])
    func theListHasAOneLineThemableColumnHeader(size: (width: Int, height: Int)) async throws {
        try await StacktermRun.with(width: size.width, height: size.height, config: "[theme]\nlist_header = 214\n") {
            (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("\(StacktermRun.position(1, height: size.height))"))
            let rows = try run.tmux.capture()
            #expect(rows[0].hasPrefix(" score  ans views title"), "\(rows[0])")
            if size.width >= 96 {
                #expect(rows[0].contains(" tags ") && rows[0].hasSuffix("age author"), "\(rows[0])")
            } else {
                #expect(!rows[0].contains("tags") && rows[0].hasSuffix("age author"), "shortened to fit: \(rows[0])")
            }
            #expect(rows[1].contains("Down") == false && !rows[1].trimmingCharacters(in: .whitespaces).isEmpty, "the first question under it")
            let header = try run.tmux.captureWithEscapes().split(separator: "\n").first ?? ""
            #expect(header.contains("38;5;214m"), "themed: \(header.debugDescription)")
            // The selection starts under the header, and Down moves it one row.
            try run.tmux.send("Down")
            #expect(try await run.waitForStatus("\(StacktermRun.position(2, height: size.height))"))
            #expect(try run.tmux.capture()[0].hasPrefix(" score  ans views title"), "the header stays")
        }
    }
}
