import Foundation
import StackExchange
import StackExchangeReplica
import Store
import StorePorts
import TestSupport
import Testing

/// Writing from the shell as a person would, against the replica: `stackterm answer`, `ask`, `edit` and `drafts`,
/// with the site's preview, the checks before sending, drafts that outlive a refusal, a write held by a slow server
/// found and not posted twice, and the editor run with a clean environment on a terminal in its normal mode.
@Suite(.serialized)
struct WritingEndToEndTests {
    static let site = "stackoverflow"
    /// bob's own question (the grant's user), tagged git.
    static let ownQuestion = SignInEndToEndTests.ownQuestion
    /// Someone else's question.
    static let otherQuestion = SignInEndToEndTests.otherQuestion

    /// A replica with the sign-in's grant and a store signed in as bob.
    struct Bench {
        let replica: ReplicaServer
        let store: StoreDirectory

        static func start(config: String? = nil) async throws -> Bench {
            var options = ReplicaOptions(latencyMilliseconds: 0, quota: 10_000)
            options.grants = [SignInEndToEndTests.grant]
            let replica = try await ReplicaServer.start(options)
            let store = try StoreDirectory.make()
            do {
                try SignInEndToEndTests.keepSignIn(replica, store)
                if let config {
                    let directory = store.root.appendingPathComponent("config/stackterm")
                    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                    try config.write(to: directory.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
                }
            } catch {
                try await replica.shutdown()
                store.remove()
                throw error
            }
            return Bench(replica: replica, store: store)
        }

        func stop() async throws {
            try await replica.shutdown()
            store.remove()
        }

        /// `stackterm COMMAND arguments… --api-base REPLICA`, without a terminal.
        func run(_ command: String, _ arguments: [String], store: StoreDirectory? = nil) throws -> ShellRun {
            try ShellRun.run([command] + arguments + (command == "drafts" ? [] : ["--api-base", replica.baseURL.absoluteString]),
                             replica: replica, store: store ?? self.store, environment: SignInEndToEndTests.environment, omitAPIBase: true)
        }

        /// A file holding `text`, in the store's directory.
        func file(_ name: String, _ text: String) throws -> String {
            let url = store.root.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }

        /// The writes to paths ending in `suffix` that were not previews.
        func writes(endingWith suffix: String) -> [ReplicaLogEntry] {
            replica.logEntries().filter { $0.path.hasSuffix(suffix) && $0.query["preview"] != "true" }
        }

        func previews(endingWith suffix: String) -> [ReplicaLogEntry] {
            replica.logEntries().filter { $0.path.hasSuffix(suffix) && $0.query["preview"] == "true" }
        }
    }

    /// Runs `body` with a bench, stopped whatever happens.
    static func withBench(config: String? = nil, _ body: (Bench) async throws -> Void) async throws {
        let bench = try await Bench.start(config: config)
        do {
            try await body(bench)
        } catch {
            try await bench.stop()
            throw error
        }
        try await bench.stop()
    }

    static let answerText = "# Why it works\n\nUse `git reflog expire --expire=now --all` and then `git gc --prune=now`; the reflog entries are gone.\n"

    @Test func anAnswerIsPreviewedThenPostedOnceAndAppearsInTheQuestion() async throws {
        try await Self.withBench { bench in
            let body = try bench.file("answer.md", Self.answerText)
            let path = "/questions/\(Self.otherQuestion)/answers/add"
            let preview = try bench.run("answer", ["\(Self.otherQuestion)", "--site", Self.site, "--body-file", body, "--preview"])
            #expect(preview.status == 0, "\(preview.errors)")
            #expect(preview.output.contains("Preview (as the site renders it"))
            #expect(preview.output.contains("Why it works") && !preview.output.contains("# Why it works"), "rendered, not Markdown")
            #expect(preview.output.contains("git reflog expire --expire=now --all"))
            #expect(preview.errors.contains("preview only: nothing posted; your draft is kept"))
            #expect(bench.previews(endingWith: path).count == 1 && bench.writes(endingWith: path).isEmpty)

            let drafts = try bench.run("drafts", [])
            #expect(drafts.output.contains("answer to question \(Self.otherQuestion)") && drafts.output.contains("Why it works"), "\(drafts.output)")

            let posted = try bench.run("answer", ["\(Self.otherQuestion)", "--site", Self.site, "--body-file", body, "--yes"])
            #expect(posted.status == 0, "\(posted.errors)")
            #expect(posted.output.contains("posted: https://stackoverflow.com/a/"), "\(posted.output)")
            #expect(bench.writes(endingWith: path).count == 1, "exactly one write after the preview")
            #expect(try bench.run("drafts", []).output.contains("no drafts"), "posted: the draft is gone")

            let printed = try ShellRun.run(["--print", "--all-answers", "https://stackoverflow.com/questions/\(Self.otherQuestion)"],
                                           replica: bench.replica, store: bench.store)
            #expect(printed.output.contains("git reflog expire --expire=now --all"), "the answer is in the question now")
        }
    }

    @Test func aQuestionWithAnUnknownTagIsStoppedWithSuggestionsThenAskedAfterTheSimilarOnes() async throws {
        try await Self.withBench { bench in
            let question = "Title: How do I cancel a reflog entry in git?\nTags: gitt bash\n\n"
                + "I made a reflog entry by mistake and want to cancel it without losing the other entries.\n"
            let unknown = try bench.run("ask", ["--site", Self.site, "--body-file", try bench.file("q.md", question), "--yes"])
            #expect(unknown.status == 1)
            #expect(unknown.errors.contains("the tag 'gitt' does not exist on stackoverflow: did you mean git"), "\(unknown.errors)")
            #expect(unknown.errors.contains("your draft is kept"))
            #expect(bench.replica.requestCount(pathPrefix: "/2.3/questions/add") == 0, "nothing sent")
            #expect(try bench.run("drafts", []).output.contains("new question"))

            let fixed = question.replacingOccurrences(of: "gitt", with: "git")
            let asked = try bench.run("ask", ["--site", Self.site, "--body-file", try bench.file("q.md", fixed), "--yes"])
            #expect(asked.status == 0, "\(asked.errors)")
            #expect(asked.output.contains("Maybe already asked:"))
            #expect(asked.output.contains("https://stackoverflow.com/questions/\(Self.ownQuestion)"), "the reflog question is similar")
            #expect(asked.output.contains("posted: https://stackoverflow.com/questions/"), "\(asked.output)")
            #expect(bench.writes(endingWith: "/questions/add").count == 1)
            let search = try ShellRun.run(["--print", "cancel a reflog entry"], replica: bench.replica, store: bench.store)
            #expect(search.output.contains("How do I cancel a reflog entry in git?"), "the new question is found")
        }
    }

    @Test func yourOwnAnswerIsEditedAndSomeoneElsesIsNot() async throws {
        try await Self.withBench { bench in
            let posted = try bench.run("answer", ["\(Self.otherQuestion)", "--site", Self.site,
                                                  "--body-file", try bench.file("a.md", Self.answerText), "--yes"])
            let link = try #require(posted.output.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
            #expect(link.hasPrefix("https://stackoverflow.com/a/"), "\(posted.output) \(posted.errors)")
            let edited = try bench.run("edit", [link, "--body-file", try bench.file("e.md", Self.answerText + "\nIt works for stashes too.\n"),
                                                "--comment", "mention stashes", "--yes"])
            #expect(edited.status == 0, "\(edited.errors)")
            #expect(edited.output.contains("edited: \(link)"))
            let write = try #require(bench.writes(endingWith: "/edit").last)
            #expect(write.query["comment"] == "mention stashes")
            let printed = try ShellRun.run(["--print", "--all-answers", "https://stackoverflow.com/questions/\(Self.otherQuestion)"],
                                           replica: bench.replica, store: bench.store)
            #expect(printed.output.contains("It works for stashes too."))

            let others = try bench.run("edit", ["https://stackoverflow.com/questions/\(Self.otherQuestion)",
                                                "--body-file", try bench.file("o.md", "Title: x\nTags: c\n\n" + Self.answerText), "--yes"])
            #expect(others.status == 1)
            #expect(others.errors.contains("this question is not yours: stackterm edits only your own posts"))
            #expect(bench.replica.requestCount(pathPrefix: "/2.3/questions/\(Self.otherQuestion)/edit") == 0)
        }
    }

    @Test func anEditOfAPostThatChangedMeanwhileIsSaidAndNotSent() async throws {
        try await Self.withBench { bench in
            let link = "https://stackoverflow.com/questions/\(Self.ownQuestion)"
            let mine = "Title: What is the idiomatic way to cancel a reflog?\nTags: git\n\n" + Self.answerText
            let preview = try bench.run("edit", [link, "--body-file", try bench.file("mine.md", mine), "--preview"])
            #expect(preview.status == 0, "\(preview.errors)")
            // Meanwhile, from another machine signed in as the same person, the question is edited.
            let elsewhere = try StoreDirectory.make()
            defer { elsewhere.remove() }
            try SignInEndToEndTests.keepSignIn(bench.replica, elsewhere)
            let theirs = "Title: What is the idiomatic way to cancel a reflog, really?\nTags: git\n\n" + Self.answerText + "\nEdited elsewhere.\n"
            let other = try bench.run("edit", [link, "--body-file", try bench.file("theirs.md", theirs), "--yes"], store: elsewhere)
            #expect(other.status == 0, "\(other.errors)")
            let stale = try bench.run("edit", [link, "--body-file", try bench.file("mine.md", mine), "--yes"])
            #expect(stale.status == 1)
            #expect(stale.errors.contains("the post changed on the site since it was read (edited "), "\(stale.errors)")
            #expect(stale.errors.contains("your draft is kept"))
            #expect(bench.writes(endingWith: "/questions/\(Self.ownQuestion)/edit").count == 1, "only the other machine's edit")
        }
    }

    @Test func aRefusedWriteKeepsTheDraftAndSaysTheSitesMessageWhole() async throws {
        try await Self.withBench { bench in
            let first = try bench.run("answer", ["\(Self.otherQuestion)", "--site", Self.site,
                                                 "--body-file", try bench.file("a.md", Self.answerText), "--yes"])
            #expect(first.status == 0, "\(first.errors)")
            // The same store refuses a second answer early, with the time left (the site's 30 seconds).
            let second = "A second answer, to another question, written right after the first one.\n"
            let early = try bench.run("answer", ["\(Self.ownQuestion)", "--site", Self.site, "--body-file", try bench.file("b.md", second), "--yes"])
            #expect(early.status == 75, "\(early.errors)")
            #expect(early.errors.contains("the site takes one answer at a time: wait "), "\(early.errors)")
            #expect(bench.writes(endingWith: "/questions/\(Self.ownQuestion)/answers/add").isEmpty)
            // Another store of the same person does not know the time: the site refuses, and says why.
            let elsewhere = try StoreDirectory.make()
            defer { elsewhere.remove() }
            try SignInEndToEndTests.keepSignIn(bench.replica, elsewhere)
            let refused = try bench.run("answer", ["\(Self.ownQuestion)", "--site", Self.site, "--body-file", try bench.file("b.md", second), "--yes"],
                                        store: elsewhere)
            #expect(refused.status == 1)
            #expect(refused.errors.contains("the site refused it: You can only post once every 30 seconds. (write_failed); your draft is kept"),
                    "\(refused.errors)")
            let drafts = try bench.run("drafts", [], store: elsewhere)
            #expect(drafts.output.contains("answer to question \(Self.ownQuestion)") && drafts.output.contains("A second answer"), "\(drafts.output)")
            let shown = try bench.run("drafts", ["--show", "1"], store: elsewhere)
            #expect(shown.output.contains("A second answer, to another question"))
        }
    }

    @Test func signedOutSaysHowToSignInAndNothingIsSent() async throws {
        try await Self.withBench { bench in
            SignInFile(paths: StorePaths(environment: bench.store.environment)).delete()
            let run = try bench.run("answer", ["\(Self.otherQuestion)", "--site", Self.site, "--body-file", try bench.file("a.md", Self.answerText)])
            #expect(run.status == 1)
            #expect(run.errors.contains("not signed in") && run.errors.contains("write_access") && run.errors.contains("stackterm login"))
            #expect(bench.replica.requestCount(pathPrefix: "/2.3/questions/\(Self.otherQuestion)/answers/add") == 0)
        }
    }

    @Test func withoutATerminalOrYesNothingIsPostedAndTheDraftIsKept() async throws {
        try await Self.withBench { bench in
            let run = try bench.run("answer", ["\(Self.otherQuestion)", "--site", Self.site, "--body-file", try bench.file("a.md", Self.answerText)])
            #expect(run.status == 1)
            #expect(run.errors.contains("not posted: there is no terminal to confirm on; add --yes to post without asking"))
            #expect(bench.writes(endingWith: "/answers/add").isEmpty)
            #expect(try bench.run("drafts", []).output.contains("answer to question \(Self.otherQuestion)"))
        }
    }
}
