import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StackExchange
import StackExchangeReplica
import Store
import TestSupport
import Testing

/// Signing in and taking part, as a person would in tmux: login by pasting the redirect address, votes and their
/// undo checked in the replica, a 407 shown as the site says it, a comment with preview, confirm and the 5-second
/// countdown, the inbox badge and an item on another site, logout, a 402 signing out, and the token kept secret
/// (file mode, --print-config, the trace, a child's environment).
@Suite(.serialized)
struct SignInEndToEndTests {
    static let token = "e2e-secret-token-4f1c"
    static let grant = ReplicaGrant(token: token, scopes: ["write_access", "read_inbox", "no_expiry"], reputation: 2_000)
    static let environment = ["STACKEXCHANGE_KEY": "e2e-app-key", "STACKEXCHANGE_CLIENT_ID": "31337"]
    /// The most active question (bob's own, the grant's user) and the next one (someone else's).
    static let ownQuestion = 79_000_006
    static let otherQuestion = 79_000_020

    /// Writes the sign-in `stackterm login` would have kept for `token` against `replica`.
    static func keepSignIn(_ replica: ReplicaServer, _ store: StoreDirectory, token: String = token) throws {
        let filter = replica.createFilter(withBody: true, include: CreateFilterRequest.signedInFields)
        let paths = StorePaths(environment: store.environment)
        try SignInFile(paths: paths).save(SignIn(
            accessToken: token, filter: filter, userID: ReplicaGrant.defaultUserID, displayName: "bob", reputation: 2_000,
            site: "stackoverflow", apiBase: replica.baseURL.absoluteString))
    }

    static func signedIn(
        width: Int = 100, height: Int = 30,
        arguments: [String] = [], environment: [String: String] = [:], store: StoreDirectory? = nil, config: String? = nil,
        jobControlShell: Bool = false, _ body: (StacktermRun) async throws -> Void
    ) async throws {
        let run = try await StacktermRun.start(
            width: width, height: height,
            arguments: arguments, environment: Self.environment.merging(environment) { $1 }, store: store, config: config,
            grants: [grant], jobControlShell: jobControlShell,
            prepare: { replica, store in try keepSignIn(replica, store) })
        do {
            try await body(run)
        } catch {
            try await run.stop()
            throw error
        }
        try await run.stop()
    }

    /// Opens the list's `index`-th question (0-based) and waits for its detail.
    static func open(_ index: Int, in run: StacktermRun) async throws {
        #expect(try await run.waitForStatus("1/30+"))
        for _ in 0..<index { try run.tmux.send("Down") }
        try run.tmux.send("Enter")
        #expect(await eventually(within: 15) { run.lastFrame()?["screen"] as? String == "detail" })
        #expect(try await run.waitForStatus("line 1/"), "the detail has loaded")
    }

    @Test func loginByPastingTheRedirectAddressRefusesAWrongStateThenKeepsTheTokenSecret() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let paths = StorePaths(environment: store.environment)
        // A wrong state: refused, nothing kept.
        let wrong = try await StacktermRun.start(arguments: ["login"], environment: Self.environment, store: store, grants: [Self.grant])
        do {
            #expect(await eventually(within: 15) { (try? wrong.tmux.capture().contains { $0.contains("address:") }) == true })
            try wrong.tmux.sendLiteral("https://stackexchange.com/oauth/login_success#access_token=\(Self.token)&state=0000")
            try wrong.tmux.send("Enter")
            #expect(await eventually(within: 15) { wrong.exitStatus() != nil })
            #expect(wrong.exitStatus() == 1)
            #expect(wrong.standardError().contains("refused: the address's state does not match"))
            #expect(!FileManager.default.fileExists(atPath: SignInFile(paths: paths).url.path))
        } catch {
            try await wrong.stop()
            throw error
        }
        try await wrong.stop()

        // The right state: signed in, the token kept 0600 under a 0700 directory.
        let login = try await StacktermRun.start(arguments: ["login"], environment: Self.environment, store: store, grants: [Self.grant])
        do {
            var state: String?
            #expect(await eventually(within: 15) {
                let screen = ((try? login.tmux.capture()) ?? []).joined()
                guard screen.contains("address:"), let range = screen.range(of: #"state=[0-9a-f]{32}"#, options: .regularExpression)
                else { return false }
                state = String(screen[range].dropFirst("state=".count))
                return true
            })
            let shown = try #require(state)
            #expect(try login.tmux.capture().joined().contains("client_id=31337&scope=write_access%2Cread_inbox%2Cno_expiry"))
            try login.tmux.sendLiteral("https://stackexchange.com/oauth/login_success#access_token=\(Self.token)&state=\(shown)")
            try login.tmux.send("Enter")
            #expect(await eventually(within: 15) { login.exitStatus() != nil })
            #expect(login.exitStatus() == 0, "\(login.standardError())")
            let file = SignInFile(paths: paths).url
            let fileMode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
            let directoryMode = try FileManager.default.attributesOfItem(atPath: file.deletingLastPathComponent().path)[.posixPermissions] as? NSNumber
            #expect(fileMode?.intValue == 0o600)
            #expect(directoryMode?.intValue == 0o700)

            // --print-config says signed in, never the token; whoami asks /me; the trace never holds the token.
            var environment = ProcessInfo.processInfo.environment.merging(store.environment) { $1 }
            environment.merge(Self.environment) { $1 }
            let base = login.replica.baseURL.absoluteString
            let config = try Self.run(["--api-base", base, "--print-config"], environment: environment)
            #expect(config.output.contains("<signed in>"))
            #expect(!config.output.contains(Self.token))
            let whoami = try Self.run(["--api-base", base, "whoami"], environment: environment)
            #expect(whoami.output.contains("signed in as bob (reputation 2000)"))
            #expect(!(String(data: (try? Data(contentsOf: URL(fileURLWithPath: login.tracePath))) ?? Data(), encoding: .utf8) ?? "").contains(Self.token))

            // logout de-authorises the token at the API and deletes it here.
            let logout = try Self.run(["--api-base", base, "logout"], environment: environment)
            #expect(logout.status == 0)
            #expect(logout.output.contains("signed out bob"))
            #expect(!FileManager.default.fileExists(atPath: file.path))
            #expect(login.replica.logEntries().contains { $0.path == "/2.3/apps/***/de-authenticate" && $0.status == 200 })
            let me = try await Self.get(login.replica, "/me?site=stackoverflow&key=k&access_token=\(Self.token)")
            #expect(me.contains("invalid_access_token"))
            let after = try Self.run(["--api-base", base, "whoami"], environment: environment)
            #expect(after.output.contains("not signed in") && after.status == 1)
            // The account commands left no directory of Foundation's networking (a URL cache, a cookie store named
            // after the binary's folder): their requests go through libcurl itself, like the browser's.
            for variable in ["XDG_DATA_HOME", "XDG_CACHE_HOME"] {
                let directory = try #require(store.environment[variable])
                let made = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
                #expect(Set(made).isSubset(of: ["stackterm"]), "\(variable): \(made.sorted())")
            }
        } catch {
            try await login.stop()
            throw error
        }
        try await login.stop()
    }

    @Test func anUpvoteAndItsUndoChangeTheReplicasStateAndTheHeader() async throws {
        try await Self.signedIn { run in
            try await Self.open(1, in: run)
            try run.tmux.send("+")
            #expect(try await run.waitForStatus("upvoted"))
            #expect(run.replica.vote(token: Self.token, site: "stackoverflow", postID: Self.otherQuestion) == "up")
            #expect(try run.tmux.capture().contains { $0.contains("▲ ") && $0.contains(" votes · ") }, "your vote in the header")
            try run.tmux.send("+")
            #expect(try await run.waitForStatus("upvote undone"))
            #expect(run.replica.vote(token: Self.token, site: "stackoverflow", postID: Self.otherQuestion) == nil)
            #expect(!(try run.tmux.capture().contains { $0.contains("▲ ") && $0.contains(" votes · ") }))
            let votes = run.finishedRequests(pathPrefix: "/2.3/questions/\(Self.otherQuestion)/upvote")
            #expect(votes.count == 2, "each write sent once")
            #expect(!run.standardError().contains(Self.token))
        }
    }

    @Test func aVoteOnYourOwnPostShowsTheSitesWords() async throws {
        try await Self.signedIn { run in
            try await Self.open(0, in: run)
            try run.tmux.send("+")
            #expect(try await run.waitForStatus("write_failed: You can't vote for your own post."))
            #expect(run.replica.vote(token: Self.token, site: "stackoverflow", postID: Self.ownQuestion) == nil)
        }
    }

    @Test func aCommentIsPreviewedConfirmedAndTheNextWaitsOutTheFiveSeconds() async throws {
        try await Self.signedIn { run in
            try await Self.open(1, in: run)
            try run.tmux.send("C")
            #expect(await eventually(within: 15) { (try? run.tmux.capture().contains { $0.contains("comment on the question") }) == true })
            try run.tmux.sendLiteral("short")
            #expect(await eventually(within: 15) { (try? run.tmux.capture().contains { $0.contains("5/15 min") }) == true }, "a live count, to the minimum")
            try run.tmux.sendLiteral(" but now long enough")
            try run.tmux.send("Enter")
            #expect(await eventually(within: 15) { (try? run.tmux.capture().contains { $0.contains("y post it") }) == true })
            #expect(run.replica.addedComments(site: "stackoverflow", postID: Self.otherQuestion).isEmpty, "a preview posts nothing")
            try run.tmux.send("y")
            #expect(try await run.waitForStatus("comment posted"))
            #expect(run.replica.addedComments(site: "stackoverflow", postID: Self.otherQuestion) == ["short but now long enough"])

            try run.tmux.send("C")
            try run.tmux.sendLiteral("a second remark, at once")
            try run.tmux.send("Enter")
            #expect(await eventually(within: 15) { (try? run.tmux.capture().contains { $0.contains("previewing in ") }) == true },
                    "the 5-second rule counted down here")
            #expect(await eventually(within: 15) { (try? run.tmux.capture().contains { $0.contains("y post it") }) == true })
            try run.tmux.send("y")
            #expect(try await run.waitForStatus("comment posted", within: 20))
            #expect(run.replica.addedComments(site: "stackoverflow", postID: Self.otherQuestion).count == 2)
            #expect(run.finishedRequests(pathPrefix: "/2.3/posts/\(Self.otherQuestion)/comments/add").allSatisfy { $0.status == 200 },
                    "the API never had to refuse the second")
        }
    }

    @Test func theInboxBadgeShowsAndAnItemOpensOnItsOwnSite() async throws {
        try await Self.signedIn { run in
            #expect(try await run.waitForStatus("✉ 2"))
            #expect(run.finishedRequests(pathPrefix: "/2.3/me/inbox/unread").count == 1)
            try run.tmux.send("i")
            #expect(await eventually(within: 15) { (try? run.tmux.capture().contains { $0.contains("Super User") }) == true })
            let rows = try run.tmux.capture()
            let superuserRow = try #require(rows.firstIndex { $0.contains("Super User") })
            let firstRow = try #require(rows.firstIndex { $0.contains("●") })
            for _ in 0..<(superuserRow - firstRow) { try run.tmux.send("Down") }
            try run.tmux.send("Enter")
            #expect(await eventually(within: 15) {
                run.finishedRequests(pathPrefix: "/2.3/questions/").contains { $0.query["site"] == "superuser" && $0.status == 200 }
            })
            let opened = try #require(run.finishedRequests(pathPrefix: "/2.3/questions/").first { $0.query["site"] == "superuser" })
            #expect(try await run.waitForStatus("#" + opened.path.split(separator: "/")[2]))
            #expect(run.lastFrame()?["screen"] as? String == "detail")
        }
    }

    @Test func a402SignsOutWithOneLineAndForgetsTheToken() async throws {
        let run = try await StacktermRun.start(
            environment: Self.environment, grants: [],
            prepare: { replica, store in try Self.keepSignIn(replica, store, token: "never-issued") })
        do {
            #expect(try await run.waitForStatus("signed out: the token is no longer valid"))
            let paths = StorePaths(environment: StoreDirectory(root: run.directory).environment)
            #expect(await eventually { !FileManager.default.fileExists(atPath: SignInFile(paths: paths).url.path) })
            #expect(try await run.waitForStatus("1/30+"), "the list asked again, without the token")
            try run.tmux.send("Enter")
            #expect(await eventually(within: 15) { run.lastFrame()?["screen"] as? String == "detail" })
            try run.tmux.send("+")
            #expect(try await run.waitForStatus("sign in to vote"))
            let later = run.replica.logEntries().filter { $0.path.hasPrefix("/2.3/questions/") }
            #expect(later.allSatisfy { $0.query["access_token"] == nil }, "the client forgot the token")
        } catch {
            try await run.stop()
            throw error
        }
        try await run.stop()
    }

    @Test func aChildProgramInheritsNeitherTheKeyNorTheToken() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-e2e-env-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let dump = directory.appendingPathComponent("env.txt").path
        let script = directory.appendingPathComponent("dump-env").path
        try "#!/bin/sh\nenv > '\(dump)'\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        try await Self.signedIn(environment: ["BROWSER": script]) { run in
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("o")
            #expect(await eventually(within: 15) { FileManager.default.fileExists(atPath: dump) })
            #expect(await eventually { ((try? String(contentsOfFile: dump, encoding: .utf8)) ?? "").contains("PATH=") })
            let environment = try String(contentsOfFile: dump, encoding: .utf8)
            #expect(!environment.contains("STACKEXCHANGE_KEY"))
            #expect(!environment.contains("e2e-app-key"))
            #expect(!environment.contains(Self.token))
            let trace = (try? String(contentsOfFile: run.tracePath, encoding: .utf8)) ?? ""
            #expect(!trace.isEmpty && !trace.contains(Self.token) && !trace.contains("e2e-app-key"))
        }
    }

    /// Runs stackterm without a terminal (`--print-config`, `whoami`, `logout`); its output and status.
    static func run(_ arguments: [String], environment: [String: String]) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.stackterm)
        process.arguments = arguments
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    /// The body of a GET to the replica (`pathAndQuery` under /2.3).
    static func get(_ replica: ReplicaServer, _ pathAndQuery: String) async throws -> String {
        let url = try #require(URL(string: replica.baseURL.absoluteString + pathAndQuery))
        let (data, _) = try await URLSession(configuration: .ephemeral).data(from: url)
        return String(decoding: data, as: UTF8.self)
    }
}
