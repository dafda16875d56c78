import Foundation
import Store
import SyntheticDump
import Testing
import TestSupport

/// Issue 29 with the real binary: a generated dump imported from its `.7z`, read with `--offline` in tmux, an import
/// stopped by Ctrl-C and killed, then resumed to exact counts, and a truncated archive refused in one line.
@Suite(.serialized)
struct OfflineDumpEndToEndTests {
    /// A generated dump packed as `vi.stackexchange.com.7z` in the store directory's root.
    static func archive(_ store: StoreDirectory, posts: Int) throws -> (URL, DumpSummary) {
        let folder = store.root.appendingPathComponent("dump")
        let summary = try DumpGenerator(posts: posts, seed: 11).write(to: folder)
        let archive = store.root.appendingPathComponent("vi.stackexchange.com.7z")
        try DumpGenerator.pack(folder, into: archive)
        return (archive, summary)
    }

    @Test func anImportedArchiveIsBrowsedSearchedAndOpenedOffline() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let (archive, summary) = try Self.archive(store, posts: 300)
        let imported = try store.runStackterm(["import", archive.path])
        #expect(imported.status == 0)
        #expect(imported.output.contains("imported vi: \(summary.questions) questions, \(summary.answers) answers"))
        let listed = try store.runStackterm(["import", "--list"])
        #expect(listed.output.hasPrefix("vi  dump of 2024-03-31  \(summary.questions) questions  \(summary.answers) answers"))
        try await StacktermRun.with(arguments: ["--offline", "--site", "vi", "--sort", "votes"], store: store) { run in
            // Named as the picker names an imported site: its domain, and that it is the dump.
            #expect(try await run.waitForStatus("vi.stackexchange.com (dump) · all · votes"))
            #expect(try await run.waitForStatus("1/30+"), "the first page comes from the dump")
            // The local search through `/`, with operators: the accepted answer's word finds the planted question.
            try run.tmux.send("/")
            try run.tmux.sendLiteral("\(PlantedPosts.answerWord) isaccepted:yes [vim]")
            try run.tmux.send("Enter")
            let found = await eventually { (try? run.tmux.capture().joined().contains("xylophone mode")) == true }
            #expect(found, "\((try? run.tmux.capture()) ?? [])")
            #expect(try run.statusBar().contains("1/1"))
            try run.tmux.send("Enter")
            #expect(await eventually { (try? run.tmux.capture().joined(separator: "\n").contains("Answer 1 of 2")) == true })
            let detail = try run.tmux.capture().joined(separator: "\n")
            #expect(detail.contains(PlantedPosts.phrase))
            #expect(detail.contains("by Ada Lovelace"))
            try run.tmux.send("c")
            #expect(await eventually { (try? run.tmux.capture().joined().contains(PlantedPosts.commentWord)) == true },
                    "the comments come from the dump")
            // The end of the question: its attribution, with the link to the original.
            try run.tmux.send("G")
            try run.tmux.send("g")
            for _ in 0..<12 { try run.tmux.send("Down") }
            #expect(await eventually { (try? run.tmux.capture().joined().contains("From the vi.stackexchange.com data dump of 2024-03-31")) == true })
            // The site picker offline offers the imported site, though no site list was ever fetched.
            try run.tmux.send("Escape")
            #expect(try await run.waitForStatus("store · “"), "offline, / searched the store")
            try run.tmux.send("S")
            #expect(await eventually { (try? run.tmux.capture().joined().contains("vi.stackexchange.com (dump)")) == true })
            #expect(run.replica.requestCount(pathPrefix: "/2.3") == 0, "nothing went to the network")
        }
    }

    @Test func anImportStoppedByCtrlCAndKilledResumesToExactCounts() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let (archive, summary) = try Self.archive(store, posts: 20_000)
        let paths = StorePaths(environment: store.environment.merging(["HOME": store.root.path]) { $1 })
        // Ctrl-C in a terminal: the import stops between rows and says how to resume.
        let output = store.root.appendingPathComponent("ctrl-c.txt").path
        let tmux = try TmuxSession(
            command: "\(Binaries.stackterm) import \(archive.path) 2> \(output); echo status $? >> \(output); sleep 30",
            environment: store.environment)
        defer { tmux.kill() }
        #expect(await eventually(within: 60) { FileManager.default.fileExists(atPath: paths.partialSiteFile("vi").path) })
        #expect(await eventually(within: 60) { ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("posts ") })
        try tmux.send("C-c")
        #expect(await eventually(within: 30) { ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("status") })
        let stopped = try String(contentsOfFile: output, encoding: .utf8)
        #expect(stopped.contains("import stopped with "), "\(stopped)")
        #expect(stopped.contains("run the same import again to resume: stackterm import \(archive.path)"))
        #expect(stopped.contains("status 130"))
        #expect(!FileManager.default.fileExists(atPath: paths.importedSiteFile("vi").path))
        // A kill in the middle of the resumed run, once it has written a batch (its first progress line): the partial
        // file stays usable.
        let progress = store.root.appendingPathComponent("resumed.txt").path
        let pid = try ChildProcess.spawn(["env", "XDG_DATA_HOME=\(store.environment["XDG_DATA_HOME"]!)",
                                          "XDG_CACHE_HOME=\(store.environment["XDG_CACHE_HOME"]!)", Binaries.stackterm, "import", archive.path],
                                         errorPath: progress)
        #expect(await eventually(within: 60) { ((try? String(contentsOfFile: progress, encoding: .utf8)) ?? "").contains("posts ") })
        kill(pid, SIGKILL)
        _ = try ChildProcess.wait(pid)
        let finished = try store.runStackterm(["import", archive.path])
        #expect(finished.status == 0, "\(finished.output)")
        #expect(finished.output.contains("imported vi: \(summary.questions) questions, \(summary.answers) answers,"))
        let site = try ImportedSite(file: paths.importedSiteFile("vi"))
        defer { site.close() }
        #expect(site.counts() == (summary.questions, summary.answers))
        #expect(site.comments(postIDs: Array(1...summary.posts)).count == summary.comments, "every comment once")
    }

    @Test func aTruncatedArchiveIsRefusedInOneLine() throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let (archive, _) = try Self.archive(store, posts: 200)
        let data = try Data(contentsOf: archive)
        try data.prefix(data.count * 2 / 3).write(to: archive)
        let refused = try store.runStackterm(["import", archive.path])
        #expect(refused.status == 1)
        let lines = refused.output.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("stackterm: \(archive.path): truncated or damaged archive"), "\(refused.output)")
        let sites = store.root.appendingPathComponent("data/stackterm/sites").path
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: sites)) ?? []).isEmpty, "nothing half-written")
    }

    @Test func aWordOnlyInACommentOnAnAnswerOpensThatAnswersQuestion() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let folder = store.root.appendingPathComponent("vi.stackexchange.com")
        try DumpGenerator(posts: 200, seed: 11).write(to: folder)
        // A comment on the planted question's accepted answer, whose own id is the closed question's.
        let comments = folder.appendingPathComponent("Comments.xml")
        let text = try String(contentsOf: comments, encoding: .utf8).replacingOccurrences(of: "</comments>", with: """
              <row Id="\(PlantedPosts.closedQuestionID)" PostId="\(PlantedPosts.acceptedAnswerID)" Score="0" Text="try quetzalcoatl mode" CreationDate="2015-02-03T18:38:04.627" UserId="1" />\r
            </comments>
            """)
        try text.write(to: comments, atomically: true, encoding: .utf8)
        let imported = try store.runStackterm(["import", folder.path])
        #expect(imported.status == 0, "\(imported.output)")
        try await StacktermRun.with(arguments: ["--offline", "--site", "vi"], store: store) { run in
            #expect(try await run.waitForStatus("vi.stackexchange.com (dump)"))
            try run.tmux.send("/")
            try run.tmux.sendLiteral("quetzalcoatl")
            try run.tmux.send("Enter")
            #expect(try await run.waitForStatus("1/1"))
            let list = try run.tmux.capture().joined(separator: "\n")
            #expect(list.contains("xylophone mode") && !list.contains("gorgonzola"), "\(list)")
            try run.tmux.send("Enter")
            #expect(await eventually { (try? run.tmux.capture().joined(separator: "\n").contains(PlantedPosts.phrase)) == true },
                    "the comment's question opened")
        }
    }

    @Test func anArchiveThatIsNoDumpIsRefusedForWhatItIs() throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let photos = store.root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16]).write(to: photos.appendingPathComponent("beach.jpg"))
        let archive = store.root.appendingPathComponent("photos.7z")
        try DumpGenerator.pack(photos, into: archive, files: ["beach.jpg"])
        let refused = try store.runStackterm(["import", archive.path])
        #expect(refused.status == 1)
        #expect(refused.output == "stackterm: photos.7z is not a Stack Exchange data dump (no Posts.xml in it)\n", "\(refused.output)")
    }

    @Test func theProgressLineFitsANarrowTerminalAndIsRedrawnInPlace() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let folder = store.root.appendingPathComponent("vi.stackexchange.com")
        try DumpGenerator(posts: 8_000, seed: 11).write(to: folder)
        let tmux = try TmuxSession(command: "\(Binaries.stackterm) import \(folder.path) > /dev/null; echo status $?; sleep 30",
                                   width: 50, height: 12, environment: store.environment)
        defer { tmux.kill() }
        var progressRows: [[String]] = []
        let finished = await eventually(within: 120) {
            let screen = (try? tmux.capture()) ?? []
            let rows = screen.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            if rows.contains(where: { $0.hasPrefix("status") }) { return true }
            if !rows.isEmpty { progressRows.append(rows) }
            return false
        }
        #expect(finished)
        #expect(!progressRows.isEmpty, "the progress was seen")
        for rows in progressRows {
            #expect(rows.count == 1 && rows[0].hasPrefix("posts ") && rows[0].contains("% read"), "one line, redrawn: \(rows)")
        }
    }
}
