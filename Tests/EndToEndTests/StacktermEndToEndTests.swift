import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// The real `stackterm` binary in tmux against a replica with latency: what a person sees and does.
///
/// Serialized: each test runs a program in a terminal, and the machine's cores are shared.
@Suite(.serialized)
struct StacktermEndToEndTests {
    @Test func theFirstPageAppears() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("1/30+"))
            let rows = try run.tmux.capture()
            // A row per question: the first rows of the window hold text, not blanks.
            #expect(rows.prefix(5).allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
            #expect(run.finishedRequests(pathPrefix: "/2.3/questions").contains { $0.query["page"] == "1" && $0.status == 200 })
        }
    }

    @Test func downMovesTheSelection() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("Down")
            #expect(try await run.waitForStatus("2/30+"))
            try run.tmux.send("j", "j")
            #expect(try await run.waitForStatus("4/30+"))
            #expect(await eventually { run.lastFrame()?["selected"] as? Int == 3 })
        }
    }

    @Test func nLoadsPageTwo() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("n")
            #expect(try await run.waitForStatus("1/60+"))
            #expect(run.finishedRequests(pathPrefix: "/2.3/questions").contains { $0.query["page"] == "2" && $0.status == 200 })
        }
    }

    @Test func escCancelsASlowPage() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("1/30+"))
            run.replica.setLatency(milliseconds: 10_000)
            try run.tmux.send("n")
            #expect(try await run.waitForStatus("page 2"))
            #expect(await eventually { run.replica.requestCount(pathPrefix: "/2.3/questions") >= 2 })
            try run.tmux.send("Escape")
            // The replica sees the connection close long before its 10 s latency is up.
            #expect(await eventually(within: 5) {
                run.finishedRequests(pathPrefix: "/2.3/questions").contains { $0.query["page"] == "2" && $0.hungUp }
            })
            #expect(try await run.waitForStatus("cancel"))
            #expect(try run.statusBar().contains("1/30+"))
            #expect(!run.finishedRequests(pathPrefix: "/2.3/questions").contains { $0.query["page"] == "2" && $0.status == 200 })
        }
    }

    @Test func theArrowsKeepMovingDuringASlowLoad() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("1/30+"))
            run.replica.setLatency(milliseconds: 10_000)
            try run.tmux.send("n")
            #expect(await eventually { run.replica.requestCount(pathPrefix: "/2.3/questions") >= 2 })
            try run.tmux.send("Down", "Down")
            // The selection moves while page 2 is still held by the replica.
            #expect(try await run.waitForStatus("3/30+"))
            #expect(try run.statusBar().contains("Esc cancel"), "still loading")
            #expect(!run.finishedRequests(pathPrefix: "/2.3/questions").contains { $0.query["page"] == "2" })
        }
    }

    @Test func enterShowsTheBodyAndEscReturnsToTheSameSelection() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("Down", "Down")
            #expect(try await run.waitForStatus("3/30+"))
            // The list rows without the status bar (its quota changes with the detail's requests).
            let list = Array(try run.tmux.capture().prefix(29))
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("line 1/"))
            let detail = Array(try run.tmux.capture().prefix(29))
            #expect(detail != list)
            #expect(run.lastFrame()?["screen"] as? String == "detail")
            #expect(run.finishedRequests(pathPrefix: "/2.3/questions/").contains { $0.status == 200 })
            try run.tmux.send("Escape")
            #expect(try await run.waitForStatus("3/30+"))
            // The same rows, the one opened now marked read in its first column.
            var read = list
            read[3] = "·" + read[3].dropFirst()
            #expect(try await eventually { Array(try run.tmux.capture().prefix(29)) == read })
        }
    }

    @Test func leavingASlowDetailCancelsItsRequest() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("1/30+"))
            run.replica.setLatency(milliseconds: 10_000)
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("Esc back"))
            #expect(await eventually { run.replica.requestCount(pathPrefix: "/2.3/questions/") >= 1 })
            try run.tmux.send("Escape")
            #expect(await eventually(within: 5) {
                run.finishedRequests(pathPrefix: "/2.3/questions/").contains { $0.hungUp }
            })
            #expect(try await run.waitForStatus("1/30+"))
        }
    }

    @Test func aResizeRedraws() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("1/30+"))
            #expect(try await eventually { try run.tmux.capture()[29].contains("quota") })
            // tmux cuts the rows when the window shrinks; only a redraw puts the right-aligned quota back.
            try run.tmux.resize(width: 60, height: 15)
            #expect(try await eventually {
                let rows = try run.tmux.capture()
                return rows.count >= 15 && rows[14].contains("1/30+") && rows[14].contains("quota")
            })
            #expect(try run.tmux.capture().allSatisfy { $0.count <= 60 })
            try run.tmux.resize(width: 120, height: 40)
            #expect(try await eventually {
                let rows = try run.tmux.capture()
                return rows.count >= 40 && rows[39].contains("1/30+") && rows[39].contains("quota")
                    && rows[39].count > 100
            })
        }
    }

    @Test func qExitsWithStatusZero() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("q")
            #expect(await eventually { run.exitStatus() != nil })
            #expect(run.exitStatus() == 0)
            let modes = run.terminalModesAfterExit()
            #expect(modes.isSuperset(of: ["icanon", "echo"]), "the terminal was restored: \(modes.sorted())")
            let keys = run.traceEvents().filter { $0["ev"] as? String == "key" }.compactMap { $0["key"] as? String }
            #expect(keys == ["q"])
        }
    }
}
