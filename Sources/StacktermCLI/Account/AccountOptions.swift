public import ArgumentParser

/// The options `stackterm login`, `logout` and `whoami` take: where the config is, which API and key, which site.
public struct AccountOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The site whose account to show (whoami) or sign in on; default stackoverflow.", valueName: "site"))
    public var site: String?

    @Option(help: "The API root to talk to, e.g. a stackterm-replica at http://127.0.0.1:PORT/2.3.")
    public var apiBase: String?

    @Option(help: ArgumentHelp("An app key (the API takes a token only beside one). Prefer STACKEXCHANGE_KEY or the config file.", valueName: "key"))
    public var key: String?

    @Option(help: ArgumentHelp("Read the config file from here (default $XDG_CONFIG_HOME/stackterm/config.toml).", valueName: "path"))
    public var config: String?

    public init() {}

    /// These options, with what `global` (the options written before the command's name) says where these are unset.
    public func merged(with global: StacktermOptions) -> AccountOptions {
        var merged = self
        merged.site = site ?? global.site
        merged.apiBase = apiBase ?? global.apiBase
        merged.key = key ?? global.key
        merged.config = config ?? global.config
        return merged
    }

    /// The same choices as the browser's options, so the settings resolve the same way; validated as they are.
    public func stacktermOptions() throws -> StacktermOptions {
        var options = StacktermOptions.unparsedDefaults()
        options.sites = site.map { [$0] } ?? []
        options.apiBase = apiBase
        options.key = key
        options.config = config
        try options.validate()
        return options
    }
}
