public import Browser
public import Foundation
public import StackExchange

/// The effective configuration: the command line over the environment over the config file over the defaults.
///
/// The environment supplies `STACKEXCHANGE_KEY` (the key), `BROWSER` (the browser) and `NO_COLOR` (forces
/// the `mono` theme); every other setting comes from the command line, else the file, else its default.
public struct StacktermSettings: Sendable {
    public var site: String
    /// The sites a query from the command line searches: `--site` (repeated), else the file's `sites`, else `site`.
    public var sites: [String]
    public var tags: [String]
    public var sort: QuestionSort
    public var pageSize: Int
    public var apiBase: URL
    public var key: String?
    /// The app's Stack Apps id for `stackterm login`: `STACKEXCHANGE_CLIENT_ID`, else the file's `client_id`.
    public var clientID: String?
    /// True when a sign-in is kept (`--print-config` says `<signed in>`, never the token).
    public var isSignedIn = false
    public var theme: Theme
    public var bindings: KeyBindings
    public var keymap: Keymap
    /// The command that opens links; nil: `xdg-open`.
    public var browser: String?
    /// The command that receives copied text on stdin; nil: OSC 52.
    public var copyCommand: String?
    /// Requests per second at most; nil: the client's own limit.
    public var rateLimit: Int?
    /// Seconds a request may take in all; nil: 30.
    public var requestDeadline: Int?
    public var freshnessMinutes: Int?
    public var cacheSizeMegabytes: Int?
    /// Mouse reports on (the default) or off.
    public var mouse: Bool
    /// `[copy] osc52_max_bytes`; nil: the clipboard's default (100 kB).
    public var osc52MaxBytes: Int?
    /// `[detail] highlight`: code blocks syntax-highlighted (the default) or drawn in one code style.
    public var highlightsCode: Bool
    /// `[watch]`: what the config watches, how often, and how the person is told.
    public var watch: WatchConfig
    /// `[images]`: the pictures' form, height and viewer.
    public var images: ImageSettings

    /// The defaults, with no command line, environment or file.
    public static let defaultSite = "stackoverflow"
    public static let defaultPageSize = 30

    /// Merges the sources; `options` must have passed `validate()` and `file` been checked on loading.
    public init(options: StacktermOptions, environment: [String: String], file: ConfigFile?) {
        sites = options.sites.isEmpty ? (file?.sites ?? [file?.site ?? Self.defaultSite]) : options.sites
        site = options.sites.first ?? file?.site ?? file?.sites?.first ?? Self.defaultSite
        tags = options.tag.map { [$0] } ?? file?.tags ?? []
        sort = options.sort.flatMap(QuestionSort.init(rawValue:)) ?? file?.sort ?? .activity
        pageSize = options.pageSize ?? file?.pageSize ?? Self.defaultPageSize
        apiBase = options.apiBase.flatMap(ConfigValidation.httpURL) ?? file?.apiBase ?? BackendConfiguration.defaultBaseURL
        key = options.resolvedKey(environment: environment) ?? file?.key
        clientID = environment["STACKEXCHANGE_CLIENT_ID"].flatMap { $0.isEmpty ? nil : $0 } ?? file?.clientID
        // no-color.org: NO_COLOR set and not empty turns colour off, whatever else asks for it.
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            theme = .mono
        } else {
            theme = file?.theme ?? .dark
        }
        bindings = file?.bindings ?? KeyBindings()
        keymap = file?.keymap ?? Keymap()
        browser = environment["BROWSER"].flatMap { $0.isEmpty ? nil : $0 } ?? file?.browser
        copyCommand = file?.copyCommand
        rateLimit = file?.rateLimit
        requestDeadline = file?.requestDeadline
        freshnessMinutes = file?.freshnessMinutes
        cacheSizeMegabytes = file?.cacheSizeMegabytes
        mouse = file?.mouse ?? true
        osc52MaxBytes = file?.osc52MaxBytes
        highlightsCode = file?.highlight ?? true
        watch = file?.watch ?? WatchConfig()
        images = file?.images ?? ImageSettings()
    }

    /// Loads the config file (`--config`, else the XDG path) and merges; the warnings go to stderr before the screen starts.
    public static func resolve(options: StacktermOptions, environment: [String: String]) throws(ConfigError)
        -> (settings: StacktermSettings, warnings: [String])
    {
        let path = options.config ?? ConfigFile.defaultPath(environment: environment)
        // No file at the default path means the defaults; a file named on the command line must be there, or the
        // person would browse with settings they did not ask for and never know why.
        if options.config != nil, !FileManager.default.fileExists(atPath: path) {
            throw ConfigError(path: path, line: nil, message: "no such file (given with --config)")
        }
        let file = try ConfigFile.load(path: path)
        let warnings = file.flatMap(ConfigFile.permissionWarning(for:)).map { [$0] } ?? []
        return (StacktermSettings(options: options, environment: environment, file: file), warnings)
    }

    /// What the browser shows first and how it answers keys.
    public var browserConfiguration: BrowserConfiguration {
        var configuration = BrowserConfiguration(site: site, tags: tags, sort: sort, pageSize: pageSize)
        configuration.keymap = keymap
        configuration.freshnessMinutes = freshnessMinutes
        if let freshnessMinutes { configuration.detailFreshness = TimeInterval(freshnessMinutes * 60) }
        configuration.cacheSizeMegabytes = cacheSizeMegabytes
        configuration.highlightsCode = highlightsCode
        // The form is `none` until the browser starts and decides it (`PictureFormProbe`).
        configuration.pictures = PictureSettings(
            form: .none, maxRows: images.maxRows, extraHosts: images.hosts, viewer: images.viewer)
        configuration.watch = BrowserWatchSettings(
            schedule: watch.settings, notify: watch.notify, hasNotifyCommand: watch.notifyCommand != nil,
            hasKey: backendConfiguration.sendableKey != nil)
        return configuration
    }

    /// How the client talks to the API.
    public var backendConfiguration: BackendConfiguration {
        var configuration = BackendConfiguration(baseURL: apiBase, site: site, key: key)
        configuration.rateLimit = rateLimit
        if let requestDeadline { configuration.deadline = TimeInterval(requestDeadline) }
        return configuration
    }

    /// The environment the link opener runs with: `BROWSER` set to the configured browser.
    public func openerEnvironment(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        if let browser { environment["BROWSER"] = browser }
        return environment
    }
}
