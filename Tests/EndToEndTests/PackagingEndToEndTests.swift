import Foundation
import Testing

/// The manual page and the shell completions are made from the command line's ArgumentParser definitions and kept in
/// step with them. (The .deb is checked by scripts/lib/package-check.sh, a step of scripts/test: it needs the release
/// build, which that script makes anyway.)
struct PackagingEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `executable` with `arguments`; its stdout, and its status.
    static func run(_ executable: String, _ arguments: [String]) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    /// The page's own sections come from the program's definitions: every exit status (73 included), every action of
    /// the keymap with its default keys, the environment and the files; the subcommand is optional in the SYNOPSIS.
    @Test func theManualPageHasKeysEnvironmentFilesAndEveryExitStatus() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/stackterm.1"), encoding: .utf8)
        let lines = page.components(separatedBy: "\n")
        let headings = lines.filter { $0.hasPrefix(".Sh ") }
        for heading in [".Sh KEYS", ".Sh ENVIRONMENT", ".Sh FILES", ".Sh EXIT STATUS"] {
            #expect(headings.contains(heading), "the manual page lacks \(heading): run scripts/man")
        }
        let synopsis = try #require(lines.firstIndex(of: ".Sh SYNOPSIS"))
        #expect(lines[synopsis + 2] == ".Op Ar subcommand", "the subcommand is optional")
        let exitSection = try #require(lines.firstIndex(of: ".Sh EXIT STATUS"))
        let statuses = lines[exitSection...].filter { $0.hasPrefix(".It ") }.map { String($0.dropFirst(4)) }
        #expect(statuses == ["0", "1", "64", "69", "73", "74", "75", "78", "129", "130", "141", "143"])
        for variable in ["STACKEXCHANGE_KEY", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "NO_COLOR", "BROWSER"] {
            #expect(lines.contains { $0.hasPrefix(".It Ev ") && $0.contains(variable) }, "ENVIRONMENT lacks \(variable)")
        }
        #expect(lines.contains(".It Pa ~/.local/share/stackterm/data.sqlite"))
        #expect(lines.contains(".It Pa ~/.config/stackterm/config.toml"))
        let keys = lines.filter { $0.hasPrefix(".It Cm ") }.map { String($0.dropFirst(7)) }
        #expect(keys.contains("quit") && keys.contains("copy_code") && keys.count > 30, "\(keys)")
    }

    /// docs/stackterm.1 is what generate-manual (swift-argument-parser's, as scripts/man runs it) writes from this
    /// binary, when the tool is built (scripts/test builds it); in any case the page names every option,
    /// flag and subcommand the binary has.
    @Test func theManualPageIsInStepWithTheCommandLine() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/stackterm.1"), encoding: .utf8)
        // Beside the binary under test, else in the debug build (scripts/test builds it there and tests the release build).
        let generators = [URL(fileURLWithPath: Binaries.stackterm).deletingLastPathComponent(), Self.root.appendingPathComponent(".build/debug")]
            .map { $0.appendingPathComponent("generate-manual").path }
        if let generator = generators.first(where: FileManager.default.isExecutableFile(atPath:)) {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-man-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let made = try Self.run(generator, [Binaries.stackterm, "--date", "2026-11-25", "--output-directory", directory.path])
            #expect(made.status == 0)
            let amender = URL(fileURLWithPath: generator).deletingLastPathComponent().appendingPathComponent("stackterm-manpage").path
            let amended = try Self.run(amender, [directory.appendingPathComponent("stackterm.1").path])
            #expect(amended.status == 0)
            let generated = try String(contentsOf: directory.appendingPathComponent("stackterm.1"), encoding: .utf8)
            #expect(generated == page, "docs/stackterm.1 is out of step: run scripts/man")
        }
        let help = try Self.run(Binaries.stackterm, ["--experimental-dump-help"])
        let info = try #require(try JSONSerialization.jsonObject(with: Data(help.output.utf8)) as? [String: Any])
        let command = try #require(info["command"] as? [String: Any])
        let arguments = try #require(command["arguments"] as? [[String: Any]])
        let longNames = arguments.flatMap { ($0["names"] as? [[String: Any]]) ?? [] }
            .filter { $0["kind"] as? String == "long" }.compactMap { $0["name"] as? String }
        #expect(longNames.count > 15)
        for name in longNames where name != "help" && name != "version" {
            #expect(page.contains("Fl -\(name)"), "the manual page lacks --\(name): run scripts/man")
        }
        let subcommands = ((command["subcommands"] as? [[String: Any]]) ?? []).compactMap { $0["commandName"] as? String }
        #expect(Set(subcommands).isSuperset(of: ["login", "logout", "whoami", "watch", "import"]))
        for name in subcommands where name != "help" { #expect(page.contains(".It Em \(name)"), "\(name)") }
    }

    /// `stackterm login --help` (and `watch`'s, `import`'s) is the subcommand's help, named as it is typed.
    @Test(arguments: ["login", "watch", "import", "answer", "ask", "edit", "drafts"])
    func aSubcommandsHelpNamesItUnderStackterm(name: String) throws {
        let help = try Self.run(Binaries.stackterm, [name, "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE: stackterm \(name) "), "\(help.output)")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionsKnowTheOptionsAndTheCommands(shell: String) throws {
        let script = try Self.run(Binaries.stackterm, ["--generate-completion-script", shell])
        #expect(script.status == 0)
        // fish names a long option as `-l 'name'`.
        let options = ["print", "json", "all-answers", "site"].map { shell == "fish" ? "-l '\($0)'" : "--\($0)" }
        for word in options + ["login", "whoami", "watch", "import", "answer", "ask", "edit", "drafts", "body-file"].map({ shell == "fish" && $0 == "body-file" ? "-l '\($0)'" : $0 }) {
            #expect(script.output.contains(word), "\(shell) completions lack \(word)")
        }
    }
}
