import Foundation
import StackExchangeReplica
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import Testing

/// What the real binary hands on and leaves behind: programs it starts get none of its descriptors, the trace is
/// private and holds no typed text, no directory appears outside `$XDG_*/stackterm`, a broken pipe cannot kill it,
/// and a `--config` that names nothing is refused.
@Suite(.serialized)
struct HygieneEndToEndTests {
    /// A directory of its own and an executable script `name` in it that lists its descriptors into `fds.txt` there.
    static func descriptorLister(named name: String) throws -> (script: String, listing: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-e2e-fds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let listing = directory.appendingPathComponent("fds.txt").path
        let script = directory.appendingPathComponent(name).path
        // Written to a temporary name and moved, so the test never reads half a listing.
        try "#!/bin/sh\nls -l /proc/self/fd > '\(listing).tmp'; mv '\(listing).tmp' '\(listing)'\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script)
        return (script, listing)
    }

    /// The descriptors `ls -l /proc/self/fd` listed with their targets, but the one `ls` read the listing through.
    static func descriptors(in listing: String) -> [Int: String] {
        var found: [Int: String] = [:]
        for line in listing.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard let arrow = words.firstIndex(of: "->"), arrow > 0, let fd = Int(words[arrow - 1]) else { continue }
            let target = words[(arrow + 1)...].joined(separator: " ")
            if target.hasPrefix("/proc/"), target.hasSuffix("/fd") { continue }
            found[fd] = target
        }
        return found
    }

    /// `o` with a graphical opener in `$BROWSER`, once the list came over the network (its sockets open) and with
    /// the trace file open for writing: the opener holds stdin, stdout and stderr and nothing else.
    @Test func aGraphicalBrowserGetsNoneOfStacktermsDescriptors() async throws {
        let (script, listing) = try Self.descriptorLister(named: "opener")
        try await StacktermRun.with(environment: ["BROWSER": script]) { run in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("o")
            #expect(await eventually { FileManager.default.fileExists(atPath: listing) })
            let found = Self.descriptors(in: (try? String(contentsOfFile: listing, encoding: .utf8)) ?? "")
            #expect(Set(found.keys) == [0, 1, 2], "\(found)")
        }
    }

    /// A text browser runs in the foreground on stackterm's own terminal: it gets that terminal and nothing more.
    @Test func aTextBrowserGetsNoneOfStacktermsDescriptors() async throws {
        let (script, listing) = try Self.descriptorLister(named: "lynx")
        try await StacktermRun.with(environment: ["BROWSER": script]) { run in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("o")
            #expect(await eventually { FileManager.default.fileExists(atPath: listing) })
            let found = Self.descriptors(in: (try? String(contentsOfFile: listing, encoding: .utf8)) ?? "")
            #expect(Set(found.keys) == [0, 1, 2], "\(found)")
            #expect(!found.values.contains { $0.contains("trace") || $0.hasPrefix("socket:") || $0.hasPrefix("pipe:") })
        }
    }

    /// Every descriptor stackterm holds above stderr (the trace, the store's files, the API's sockets, the signal
    /// pipes, the runtime's own) is close-on-exec, read from `/proc/<pid>/fdinfo` while it runs with the network up.
    /// libcurl's sockets are made so by Sources/CLazyCurl, which the debug build's shared Foundation goes around: the
    /// release pass of scripts/test runs it.
    @Test(.enabled(if: ReleaseBinaryELF.isReleaseBuild, "libcurl's sockets are marked by CLazyCurl, in the release build only"))
    func everyDescriptorStacktermHoldsIsCloseOnExec() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("1/30+"))
            let pid = try #require(run.stacktermPID())
            var open: [Int: String] = [:]
            for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd") {
                guard let fd = Int(entry), fd > 2,
                      let info = try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(fd)", encoding: .utf8),
                      let flags = info.split(separator: "\n").first(where: { $0.hasPrefix("flags:") }),
                      let value = Int(flags.dropFirst("flags:".count).trimmingCharacters(in: .whitespaces), radix: 8)
                else { continue }
                // O_CLOEXEC is 02000000 in fdinfo's octal flags.
                if value & 0o2000000 == 0 {
                    open[fd] = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) ?? "?"
                }
            }
            #expect(open.isEmpty, "descriptors a child would inherit: \(open)")
        }
    }

    /// What the person types into a prompt is theirs: the trace has each key's kind and length, never its character,
    /// and the file is mode 0600.
    @Test func textTypedIntoAPromptNeverReachesTheTrace() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("/")
            #expect(await eventually { (try? run.tmux.capture().joined().contains("search:")) == true })
            try run.tmux.sendLiteral("zvxjkw")
            #expect(await eventually { (try? run.tmux.capture().joined().contains("zvxjkw")) == true })
            try run.tmux.send("Escape")
            // The prompt closed before `q` goes (Esc and q together would be one Alt-q).
            #expect(await eventually { (try? run.tmux.capture().joined().contains("search:")) == false })
            try run.tmux.send("q")
            #expect(await eventually { run.exitStatus() != nil })
            let text = try String(contentsOfFile: run.tracePath, encoding: .utf8)
            let keys = run.traceEvents().filter { $0["ev"] as? String == "key" }
            #expect(keys.compactMap { $0["key"] as? String } == ["/", "esc", "q"], "\(keys)")
            #expect(keys.filter { $0["kind"] as? String == "character" }.count == 6)
            for character in "zvxjkw" { #expect(!text.contains("\"\(character)\""), "\(character) is in the trace") }
            let mode = (try FileManager.default.attributesOfItem(atPath: run.tracePath)[.posixPermissions] as? NSNumber)?.intValue
            #expect(mode.map { $0 & 0o777 } == 0o600)
        }
    }

    /// A run with empty XDG directories of its own leaves only `stackterm` directories in them: no URL cache, no
    /// cookie directory named after the binary's folder.
    @Test func aRunCreatesNoDirectoryButItsOwn() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let state = store.root.appendingPathComponent("state").path
        let config = store.root.appendingPathComponent("config").path
        for directory in ["data", "cache", "state", "config"] {
            try FileManager.default.createDirectory(at: store.root.appendingPathComponent(directory), withIntermediateDirectories: true)
        }
        try await StacktermRun.with(environment: ["XDG_STATE_HOME": state, "XDG_CONFIG_HOME": config], store: store) { run in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("Enter")
            #expect(await eventually { run.lastFrame()?["screen"] as? String == "detail" })
            try run.tmux.send("q")
            try run.tmux.send("q")
            #expect(await eventually { run.exitStatus() != nil })
            #expect(run.exitStatus() == 0)
        }
        for directory in ["data", "cache", "state", "config"] {
            let made = try FileManager.default.contentsOfDirectory(atPath: store.root.appendingPathComponent(directory).path)
            #expect(Set(made).isSubset(of: ["stackterm"]), "\(directory): \(made.sorted())")
        }
    }

    /// Without XDG_DATA_HOME in its environment, stackterm makes none of Foundation's directories in the default place
    /// either (it keeps an empty XDG_DATA_HOME while it runs, so that Foundation's storages can be made beside libcurl's
    /// loading), and it finds its own data where the spec says, under `$HOME/.local/share`.
    @Test func withoutXDGDataHomeARunMakesNoDirectoryButItsOwn() async throws {
        let replica = try await ReplicaServer.start(ReplicaOptions(quota: 10_000))
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let home = store.root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let run = try ShellRun.run(["--print", "reflog"], replica: replica, store: store, environment: ["HOME": home.path],
                                   unsetting: ["XDG_DATA_HOME"])
        try await replica.shutdown()
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("reflog"))
        let made = try FileManager.default.subpathsOfDirectory(atPath: home.path)
        #expect(made.allSatisfy { $0 == ".local" || $0 == ".local/share" || $0.hasPrefix(".local/share/stackterm") }, "\(made.sorted())")
    }

    /// SIGPIPE is ignored: a write to a pipe whose reader has gone is an error value (EPIPE), not the end of stackterm.
    @Test func aBrokenPipeCannotEndStackterm() async throws {
        try await StacktermRun.with { run in
            #expect(try await run.waitForStatus("1/30+"))
            let pid = try #require(run.stacktermPID())
            let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") })
            let ignored = try #require(UInt64(line.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16))
            #expect(ignored & (1 << UInt64(SIGPIPE - 1)) != 0, "SigIgn \(line)")
        }
    }

    /// A `--config` naming no file is a mistake worth one line (exit 78), not a silent fall back to the defaults.
    @Test func aConfigFileThatIsNotThereIsRefusedWithOneLine() throws {
        let (status, errors) = try StacktermRefusalTests.runWithoutTerminal(["--config", "/nonexistent/stackterm.toml"])
        #expect(status == 78)
        #expect(errors == "stackterm: /nonexistent/stackterm.toml: no such file (given with --config)\n")
    }
}
