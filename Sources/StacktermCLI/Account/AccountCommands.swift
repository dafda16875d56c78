public import Foundation
import Browser
import StackExchange
public import Store

/// `stackterm login`, `logout` and `whoami`: the sign-in kept in the data directory, made and ended through the API.
///
/// The token is never printed: not on success, not in an error. Every line goes through `say` (stdout) or `complain`
/// (stderr, prefixed `stackterm:`); the status is returned for `exit`.
public struct AccountCommands {
    public let settings: StacktermSettings
    public let file: SignInFile
    /// Reads one line the person typed (nil at end of input).
    public var readLine: () -> String? = { Swift.readLine(strippingNewline: true) }
    public var say: (String) -> Void = { StandardOutput.writeLine($0) }
    public var complain: (String) -> Void = { StandardError.write("stackterm: \($0)") }
    /// Opens the dialog in the configured browser, when one is set (the executable runs it with a clean environment).
    public var openBrowser: (String) -> Void = { _ in }

    public init(settings: StacktermSettings, paths: StorePaths) {
        self.settings = settings
        self.file = SignInFile(paths: paths)
    }

    /// Prints `line` on stdout through the screen's filter: a display name or a site's message is text from the network.
    private func tell(_ line: String) { say(InvisibleCharacters.printableLine(line)) }

    /// Prints `line` on stderr through the screen's filter.
    private func warn(_ line: String) { complain(InvisibleCharacters.printableLine(line)) }

    public func run(_ command: StacktermOptions.AccountCommand) -> Int32 {
        switch command {
        case .login: login()
        case .logout: logout()
        case .whoami: whoami()
        }
    }

    /// The configuration the account's requests go out with: the sign-in's token and filter when given.
    func backend(_ signIn: SignIn?) -> BackendConfiguration {
        var configuration = settings.backendConfiguration
        configuration.accessToken = signIn?.accessToken
        configuration.signedInFilter = signIn?.filter
        return configuration
    }

    func login() -> Int32 {
        guard let clientID = settings.clientID else {
            warn("no client_id: register an app on Stack Apps (README, \"Signing in\") and set client_id in the config file or STACKEXCHANGE_CLIENT_ID")
            return 1
        }
        guard settings.key != nil else {
            warn("no app key: the API takes an access token only beside the app's key; set key in the config file or STACKEXCHANGE_KEY")
            return 1
        }
        guard BackendConfiguration.mayCarryKey(settings.apiBase) else {
            warn("refusing to sign in against \(settings.apiBase.absoluteString): a token travels only over https or to loopback")
            return 1
        }
        let dialog = OAuthDialog(clientID: clientID)
        tell("Open this address in a browser, approve stackterm, then paste the address the browser ends on:")
        tell("")
        tell("  \(dialog.url)")
        tell("")
        if settings.browser != nil { openBrowser(dialog.url) }
        StandardOutput.write("address: ")
        guard let line = readLine(), !line.trimmingCharacters(in: .whitespaces).isEmpty else {
            warn("no address pasted: not signed in")
            return 1
        }
        guard let address = RedirectAddress(line) else {
            warn("that is not the address the dialog ends on (it holds #access_token=…): not signed in")
            return 1
        }
        guard address.state == dialog.state else {
            warn("refused: the address's state does not match this login (an old or someone else's address); not signed in")
            return 1
        }
        if let error = address.error {
            warn("the site said \(error)\(address.errorDescription.map { ": \($0)" } ?? ""); not signed in")
            return 1
        }
        guard let token = address.accessToken else { warn("the address holds no access token: not signed in"); return 1 }
        var signIn = SignIn(accessToken: token, filter: nil, userID: 0, displayName: "", reputation: 0,
                            site: settings.site, apiBase: settings.apiBase.absoluteString)
        // The filter that shows the account's own votes; without it the browser still works, showing none.
        if case .success(let page) = BlockingAPICall.send(CreateFilterRequest(), as: StackExchange.CreatedFilter.self,
                                                          configuration: backend(signIn)) {
            signIn.filter = page.items.first?.filter
        }
        switch BlockingAPICall.send(MeRequest(site: settings.site), as: AccountUser.self, configuration: backend(signIn)) {
        case .failure(let error):
            warn("the API refused the token (\(error.siteMessage)): not signed in")
            return 1
        case .success(let page):
            guard let user = page.items.first else { warn("/me answered no user: not signed in"); return 1 }
            signIn.userID = user.userID
            signIn.displayName = user.plainDisplayName
            signIn.reputation = user.reputation
        }
        do {
            try file.save(signIn)
        } catch {
            warn(error.description)
            return 1
        }
        tell("signed in as \(signIn.displayName) (reputation \(signIn.reputation))")
        return 0
    }

    func logout() -> Int32 {
        let signIn: SignIn?
        do {
            signIn = try file.load()
        } catch {
            // A file not to be trusted is still removed: that is what logging out asks.
            file.delete()
            tell("signed out (\(error.description))")
            return 0
        }
        guard let signIn else {
            tell("not signed in")
            return 0
        }
        var note = ""
        if signIn.apiBase == settings.apiBase.absoluteString {
            let outcome = BlockingAPICall.send(DeauthenticateRequest(token: signIn.accessToken), as: DeauthorisedToken.self,
                                               configuration: backend(signIn))
            if case .failure(let error) = outcome, !error.endsSignIn {
                note = " (the API could not be told: \(error.siteMessage); the token was deleted here)"
            }
        } else {
            note = " (the token belongs to \(signIn.apiBase), not asked; deleted here)"
        }
        file.delete()
        tell("signed out \(signIn.displayName)\(note)")
        return 0
    }

    func whoami() -> Int32 {
        let signIn: SignIn?
        do {
            signIn = try file.load()
        } catch {
            warn(error.description)
            return 1
        }
        guard let signIn else {
            tell("not signed in")
            return 1
        }
        guard signIn.apiBase == settings.apiBase.absoluteString else {
            tell("signed in as \(signIn) on \(signIn.apiBase), not \(settings.apiBase.absoluteString)")
            return 0
        }
        switch BlockingAPICall.send(MeRequest(site: settings.site), as: AccountUser.self, configuration: backend(signIn)) {
        case .success(let page):
            let user = page.items.first
            tell("signed in as \(user?.plainDisplayName ?? signIn.displayName) (reputation \(user?.reputation ?? signIn.reputation))")
            return 0
        case .failure(let error) where error.endsSignIn:
            file.delete()
            warn(error.signOutReason)
            return 1
        case .failure(let error):
            tell("signed in as \(signIn) (not checked: \(error.message))")
            return 0
        }
    }
}
