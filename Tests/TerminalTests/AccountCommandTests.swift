import Browser
import Foundation
import StackExchange
import StacktermCLI
import Store
import Testing

/// `stackterm login`, `logout` and `whoami` up to the network: the dialog address, the pasted address and its
/// state, the token file's modes, the config's client_id and `<signed in>`.
struct AccountCommandTests {
    func temporaryPaths() throws -> StorePaths {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-account-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return StorePaths(dataDirectory: root.appendingPathComponent("data/stackterm"), cacheDirectory: root.appendingPathComponent("cache"))
    }

    @Test func theDialogAsksForTheThreeScopesWithTheNonWebRedirectAndAFreshState() throws {
        let first = OAuthDialog(clientID: "42")
        let second = OAuthDialog(clientID: "42")
        #expect(first.state != second.state)
        #expect(first.state.count == 32 && first.state.allSatisfy(\.isHexDigit))
        let components = try #require(URLComponents(string: first.url))
        let items = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(components.host == "stackoverflow.com" && components.path == "/oauth/dialog")
        #expect(items["client_id"] == "42")
        #expect(items["scope"] == "write_access,read_inbox,no_expiry")
        #expect(items["redirect_uri"] == "https://stackexchange.com/oauth/login_success")
        #expect(items["state"] == first.state)
    }

    @Test func thePastedAddressGivesTheTokenTheStateOrTheSitesRefusal() {
        let address = RedirectAddress("  https://stackexchange.com/oauth/login_success#access_token=ab%28c%29&state=s1  ")
        #expect(address?.accessToken == "ab(c)")
        #expect(address?.state == "s1")
        let refused = RedirectAddress("https://stackexchange.com/oauth/login_success?error=access_denied&error_description=user+said+no&state=s1")
        #expect(refused?.error == "access_denied")
        #expect(refused?.errorDescription == "user said no")
        #expect(RedirectAddress("not an address") == nil)
        #expect(RedirectAddress("https://stackexchange.com/oauth/login_success") == nil)
    }

    @Test func aWrongStateIsRefusedBeforeAnythingIsSentOrKept() throws {
        let paths = try temporaryPaths()
        var settings = StacktermSettings(options: try StacktermOptions.parse([]), environment: ["STACKEXCHANGE_KEY": "k", "STACKEXCHANGE_CLIENT_ID": "1"], file: nil)
        settings.apiBase = URL(string: "http://127.0.0.1:9/2.3")!
        var commands = AccountCommands(settings: settings, paths: paths)
        var said: [String] = []
        var complaints: [String] = []
        commands.say = { said.append($0) }
        commands.complain = { complaints.append($0) }
        commands.readLine = { "https://stackexchange.com/oauth/login_success#access_token=t&state=forged" }
        #expect(commands.run(.login) == 1)
        #expect(complaints.contains { $0.hasPrefix("refused: the address's state does not match") })
        #expect(said.contains { $0.contains("/oauth/dialog?client_id=1&") })
        #expect(!FileManager.default.fileExists(atPath: SignInFile(paths: paths).url.path))
    }

    /// The site's `error_description` comes from the network: it is printed through the screen's filter, on one line.
    @Test func aRefusalFromTheSiteIsPrintedWithoutItsControlAndBidiCharacters() throws {
        let paths = try temporaryPaths()
        var settings = StacktermSettings(options: try StacktermOptions.parse([]), environment: ["STACKEXCHANGE_KEY": "k", "STACKEXCHANGE_CLIENT_ID": "1"], file: nil)
        settings.apiBase = URL(string: "http://127.0.0.1:9/2.3")!
        var commands = AccountCommands(settings: settings, paths: paths)
        var said: [String] = []
        var complaints: [String] = []
        commands.say = { said.append($0) }
        commands.complain = { complaints.append($0) }
        // The dialog's own state, read back from the address it printed, so only the description is hostile.
        commands.readLine = {
            let state = said.compactMap { URLComponents(string: $0.trimmingCharacters(in: .whitespaces))?.queryItems?
                .first { $0.name == "state" }?.value }.first ?? ""
            let description = "no%1B%5B2J%1B%5D0%3Bpwned%07%0Anext%20line%E2%80%AEdesrever%E2%80%8B"
            return "https://stackexchange.com/oauth/login_success?error=access_denied&error_description=\(description)&state=\(state)"
        }
        #expect(commands.run(.login) == 1)
        let complaint = try #require(complaints.first)
        #expect(complaint.hasPrefix("the site said access_denied: no"))
        #expect(!complaint.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" || $0 == "\u{200B}" }, "\(complaint.debugDescription)")
        #expect(complaint.contains("[2J") && complaint.contains("next line"), "the visible text stays: \(complaint)")
    }

    /// A display name is the person's choice, from the network: `whoami` prints it without bidi or control characters.
    @Test func whoamiPrintsTheDisplayNameWithoutBidiCharacters() throws {
        let paths = try temporaryPaths()
        var settings = StacktermSettings(options: try StacktermOptions.parse([]), environment: [:], file: nil)
        settings.apiBase = URL(string: "http://127.0.0.1:9/2.3")!
        // Kept for another API, so whoami answers from the file without asking the network.
        try SignInFile(paths: paths).save(SignIn(accessToken: "t", filter: nil, userID: 1, displayName: "evil\u{202E}gnp.exe\u{1B}[31m",
                                                 reputation: 5, site: "stackoverflow", apiBase: "https://api.example.com/2.3"))
        var commands = AccountCommands(settings: settings, paths: paths)
        var said: [String] = []
        commands.say = { said.append($0) }
        commands.complain = { said.append($0) }
        #expect(commands.run(.whoami) == 0)
        let line = try #require(said.first)
        #expect(line.hasPrefix("signed in as evilgnp.exe[31m (reputation 5)"), "\(line.debugDescription)")
        // logout names the same person, filtered the same way.
        said = []
        #expect(commands.run(.logout) == 0)
        #expect(said.first?.hasPrefix("signed out evilgnp.exe[31m") == true, "\(said)")
    }

    /// The one filter for every line printed outside the screen: the screen's invisible characters go, line breaks
    /// and tabs become spaces, what a person can read stays.
    @Test func aPrintedLineKeepsOnlyWhatAPersonCanRead() {
        #expect(InvisibleCharacters.printableLine("a\u{1B}[2Jb\u{07}c\r\nd\te\u{202E}f\u{200B}g\u{2028}h\u{85}i") == "a[2Jbc d efg hi")
        #expect(InvisibleCharacters.printableLine("naïve 日本 👩‍💻") == "naïve 日本 👩‍💻")
    }

    @Test func loginNeedsAClientIDAndAKeyAndRefusesPlainHTTPElsewhere() throws {
        let paths = try temporaryPaths()
        func complaint(_ environment: [String: String], base: String = "https://api.stackexchange.com/2.3") throws -> String? {
            var settings = StacktermSettings(options: try StacktermOptions.parse([]), environment: environment, file: nil)
            settings.apiBase = URL(string: base)!
            var commands = AccountCommands(settings: settings, paths: paths)
            var complaints: [String] = []
            commands.say = { _ in }
            commands.complain = { complaints.append($0) }
            commands.readLine = { nil }
            _ = commands.run(.login)
            return complaints.first
        }
        #expect(try complaint(["STACKEXCHANGE_KEY": "k"])?.hasPrefix("no client_id") == true)
        #expect(try complaint(["STACKEXCHANGE_CLIENT_ID": "1"])?.hasPrefix("no app key") == true)
        #expect(try complaint(["STACKEXCHANGE_KEY": "k", "STACKEXCHANGE_CLIENT_ID": "1"], base: "http://api.example.com/2.3")?
            .hasPrefix("refusing to sign in") == true)
    }

    @Test func theTokenFileIs0600UnderA0700DirectoryAndAReadableOneIsRefused() throws {
        let paths = try temporaryPaths()
        try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        let file = SignInFile(paths: paths)
        let signIn = SignIn(accessToken: "secret", filter: "!f", userID: 1, displayName: "bob", reputation: 2, site: "stackoverflow",
                            apiBase: "https://api.stackexchange.com/2.3")
        try file.save(signIn)
        func mode(_ path: String) throws -> Int? {
            (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
        }
        #expect(try mode(file.url.path) == 0o600)
        #expect(try mode(paths.dataDirectory.path) == 0o700, "an existing wider directory is narrowed")
        #expect(try file.load() == signIn)
        #expect(!signIn.description.contains("secret"))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.url.path)
        #expect(throws: SignInFile.Problem.self) { try file.load() }
        #expect(file.delete())
        #expect(try file.load() == nil)
    }

    @Test func printConfigSaysSignedInAndNeverTheToken() throws {
        var settings = StacktermSettings(options: try StacktermOptions.parse([]), environment: ["STACKEXCHANGE_CLIENT_ID": "77"], file: nil)
        #expect(ConfigPrinter.effective(settings).contains("# access_token: not signed in"))
        settings.isSignedIn = true
        let printed = ConfigPrinter.effective(settings)
        #expect(printed.contains("<signed in>"))
        #expect(printed.contains("client_id = \"77\""))
    }

    @Test func draftsAndTheKeptInboxSurviveARestart() throws {
        let paths = try temporaryPaths()
        CommentDraftFile(paths: paths).setDraft("half a thought", site: "superuser", postID: 5)
        #expect(CommentDraftFile(paths: paths).draft(site: "superuser", postID: 5) == "half a thought")
        #expect(CommentDraftFile(paths: paths).draft(site: "stackoverflow", postID: 5) == nil)
        CommentDraftFile(paths: paths).setDraft(nil, site: "superuser", postID: 5)
        #expect(CommentDraftFile(paths: paths).draft(site: "superuser", postID: 5) == nil)
        let item = InboxItem(itemType: "comment", questionID: 3, title: "A", creationDate: Date(timeIntervalSince1970: 1_000),
                             isUnread: true, site: .init(apiSiteParameter: "unix", name: "Unix &amp; Linux"))
        InboxFile(paths: paths).keepInbox([item])
        #expect(InboxFile(paths: paths).keptInbox() == [item])
        // The person's mail and words: neither file is readable by others, whatever the umask.
        for file in [paths.cacheDirectory.appendingPathComponent("inbox.json"), paths.dataDirectory.appendingPathComponent("drafts.json")] {
            CommentDraftFile(paths: paths).setDraft("kept", site: "unix", postID: 1)
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect(((attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0) & 0o777 == 0o600, "\(file.lastPathComponent)")
        }
    }
}
