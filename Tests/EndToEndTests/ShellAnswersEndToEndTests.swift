import Foundation
import StackExchangeReplica
import SyntheticDump
import Testing
import TestSupport

/// What `--print` and `--json` find and show, with the real binary: an imported dump searched `--offline` as the
/// browser searches it, the answered question printed before an unanswered one ranked above it, `-n` counting
/// questions over every site, and the spinner on a terminal that waits.
@Suite(.serialized)
struct ShellAnswersEndToEndTests {
    @Test func anImportedSiteIsSearchedOfflineFromTheShell() throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let (archive, _) = try OfflineDumpEndToEndTests.archive(store, posts: 300)
        #expect(try store.runStackterm(["import", archive.path]).status == 0)

        let printed = try ShellRun.run(["--offline", "--site", "vi", "--print", PlantedPosts.answerWord], replica: nil, store: store)
        #expect(printed.status == 0, "\(printed.errors)")
        #expect(printed.output.contains(PlantedPosts.title), "\(printed.output)")
        let header = try #require(printed.output.split(separator: "\n").first { $0.hasPrefix("Answer by ") })
        #expect(header.contains("score \(PlantedPosts.acceptedScore)") && header.contains("accepted"), "the accepted answer: \(header)")
        #expect(printed.output.contains(PlantedPosts.answerWord))

        let json = try ShellRun.run(["--offline", "--site", "vi", "--json", PlantedPosts.codeWord], replica: nil, store: store)
        #expect(json.status == 0, "\(json.errors)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(document["source"] as? String == "local")
        let questions = try #require(document["questions"] as? [[String: Any]])
        #expect(questions.first?["question_id"] as? Int == PlantedPosts.questionID)
        #expect(questions.first?["site"] as? String == "vi")

        // A query into a pipe reads the same store; a site not imported says where the word may be.
        let piped = try ShellRun.run(["--offline", "--site", "vi", PlantedPosts.titleWord], replica: nil, store: store)
        #expect(piped.status == 0 && piped.output.contains(PlantedPosts.title), "\(piped.errors)")
        let elsewhere = try ShellRun.run(["--offline", "--print", PlantedPosts.answerWord], replica: nil, store: store)
        #expect(elsewhere.status == 1)
        #expect(elsewhere.errors == "stackterm: nothing found in the local store of stackoverflow; also imported: vi (name one with --site)\n")
    }

    @Test func printShowsTheAnsweredQuestionBeforeAnUnansweredOneRankedAboveIt() async throws {
        try await ShellEndToEndTests.with { replica, store in
            // The word in the title ranks the unanswered question first.
            replica.arrive(question: "How does zorblax turn the quadrant widget?", tags: ["zorblax"])
            let answered = replica.arrive(question: "Frobnicator keeps spinning", tags: ["frob"], body: "<p>It runs zorblax and stops.</p>")
            replica.arriveAnswer(questionID: answered, body: "<p>Turn the zorblax off first.</p>")
            let run = try ShellRun.run(["--print", "zorblax"], replica: replica, store: store)
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.hasPrefix("Frobnicator keeps spinning\n"), "\(run.output)")
            #expect(run.output.contains("Turn the zorblax off first."))
            #expect(!run.output.contains("No answers yet."))
            #expect(run.errors.isEmpty, "\(run.errors)")

            // Nothing answered matched: the unanswered one, and stderr says so.
            let unanswered = try ShellRun.run(["--print", "quadrant"], replica: replica, store: store)
            #expect(unanswered.status == 0, "\(unanswered.errors)")
            #expect(unanswered.output.hasPrefix("How does zorblax turn the quadrant widget?\n"), "\(unanswered.output)")
            #expect(unanswered.errors == "stackterm: no answered question matched: this one has no answers yet\n")
        }
    }

    @Test func countIsQuestionsInAllMergedAcrossTheSites() async throws {
        try await ShellEndToEndTests.with { replica, store in
            for site in ["stackoverflow", "unix"] {
                for number in 1...3 {
                    let id = replica.arrive(question: "Plumbus question \(number) on \(site)", tags: ["plumbus"], site: site)
                    replica.arriveAnswer(questionID: id, site: site)
                }
            }
            let run = try ShellRun.run(["--json", "-n", "3", "--site", "stackoverflow", "--site", "unix", "plumbus"], replica: replica, store: store)
            #expect(run.status == 0, "\(run.errors)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            let questions = try #require(document["questions"] as? [[String: Any]])
            #expect(questions.count == 3, "3 in all, not 3 a site")
            #expect(questions.compactMap { $0["site"] as? String } == ["stackoverflow", "unix", "stackoverflow"], "merged by rank")
            let printed = try ShellRun.run(["--print", "-n", "2", "--site", "unix", "--site", "stackoverflow", "plumbus"], replica: replica, store: store)
            #expect(printed.output.components(separatedBy: "\nAnswer by ").count - 1 == 2, "\(printed.output)")
            #expect(printed.output.hasPrefix("Plumbus question 3 on unix\n"), "the first site named first: \(printed.output)")
        }
    }

    /// `--print` on a pseudo-terminal (`script`) against a replica that answers after 1.5 s: the spinner's line is drawn
    /// on stderr and erased before the answer's first line.
    @Test func aPrintThatWaitsShowsASpinnerErasedBeforeTheAnswer() async throws {
        try await ShellEndToEndTests.with { replica, store in
            replica.setLatency(milliseconds: 1_500)
            let command = [Binaries.stackterm, "--api-base", replica.baseURL.absoluteString, "--print", "reflog"]
                .map { "'\($0)'" }.joined(separator: " ")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qfec", command, "/dev/null"]
            process.environment = ProcessInfo.processInfo.environment.merging(store.environment) { $1 }
                .merging(["XDG_CONFIG_HOME": store.root.appendingPathComponent("config").path, "TERM": "xterm",
                          "NO_COLOR": "1", "COLUMNS": "80"]) { $1 }
            let output = Pipe()
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let text = String(decoding: data, as: UTF8.self)
            #expect(process.terminationStatus == 0, "\(text)")
            let frame = try #require(text.range(of: "| searching stackoverflow…"), "\(text.debugDescription)")
            let erase = try #require(text.range(of: "\r\u{1B}[K", range: frame.upperBound..<text.endIndex))
            let title = try #require(text.range(of: "What's the idiomatic way to cancel"))
            #expect(erase.upperBound <= title.lowerBound, "erased before the answer: \(text.debugDescription)")
            #expect(!text[title.lowerBound...].contains("searching"), "no frame after the answer began")
        }
    }
}
