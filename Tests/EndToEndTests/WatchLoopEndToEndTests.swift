import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// `stackterm watch` without `--once`: it checks at once, prints what is new, and goes on checking every interval
/// until interrupted (the real binary as a shell command, against the replica).
@Suite(.serialized)
struct WatchLoopEndToEndTests {
    @Test func plainWatchPrintsWhatIsNewAndRunsUntilInterrupted() async throws {
        let setup = try await WatchOnceEndToEndTests.Setup(tags: [])
        let id = setup.replica.arrive(question: "Followed from the shell", tags: ["rust"])
        let since = Int(setup.replica.now.timeIntervalSince1970) - 5
        #expect(try setup.watch(["--offline", "--follow", String(id)], at: since).status == 1)
        setup.replica.arriveAnswer(questionID: id)

        let output = setup.store.root.appendingPathComponent("watch-loop.out")
        let errors = setup.store.root.appendingPathComponent("watch-loop.err")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.stackterm)
        process.arguments = ["watch", "--api-base", setup.replica.baseURL.absoluteString, "--config", setup.configPath]
        process.environment = ProcessInfo.processInfo.environment.merging(setup.store.environment) { $1 }
            .merging(["XDG_CONFIG_HOME": setup.store.root.path]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        // Ended and waited for whatever happens: SIGINT, then SIGKILL if the loop outlives it.
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        let read = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        #expect(await eventually { read(errors).contains("watching every 2 minutes; Ctrl-C stops") }, "\(read(errors))")
        #expect(await eventually { read(output).contains("Followed from the shell") }, "printed as it came: \(read(output))")
        #expect(process.isRunning, "it goes on checking")
        // SIGINT, as Ctrl-C sends it (the test runner started it with SIGINT blocked: the loop unblocks it).
        process.interrupt()
        #expect(await eventually { !process.isRunning }, "Ctrl-C ends the loop")
        if !process.isRunning {
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
        }
        try await setup.close()
    }
}
