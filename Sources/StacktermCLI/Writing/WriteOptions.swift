public import ArgumentParser

/// The options `stackterm answer`, `ask` and `edit` share: where the text comes from, whether to stop at the
/// preview, whether to post without asking, and which site, API and config.
public struct WriteOptions: ParsableArguments {
    @Option(name: .customLong("body-file"), help: ArgumentHelp(
        "Take the text from this file (- for standard input) instead of the editor; Title: and Tags: lines above the body for a question.",
        valueName: "file"))
    public var bodyFile: String?

    @Flag(help: "Print the site's rendered preview and stop: nothing is posted, the draft is kept.")
    public var preview = false

    @Flag(name: .shortAndLong, help: "Post after the preview without asking (needed when there is no terminal to ask on).")
    public var yes = false

    @Option(help: ArgumentHelp("The site's API name (default: the link's site, else the config's site).", valueName: "site"))
    public var site: String?

    @Option(help: "The API root to talk to, e.g. a stackterm-replica at http://127.0.0.1:PORT/2.3.")
    public var apiBase: String?

    @Option(help: ArgumentHelp("An app key (the API takes a token only beside one). Prefer STACKEXCHANGE_KEY or the config file.", valueName: "key"))
    public var key: String?

    @Option(help: ArgumentHelp("Read the config file from here (default $XDG_CONFIG_HOME/stackterm/config.toml).", valueName: "path"))
    public var config: String?

    public init() {}

    /// The account options these name, so the settings resolve as the account commands' do.
    var account: AccountOptions {
        var options = AccountOptions()
        options.site = site
        options.apiBase = apiBase
        options.key = key
        options.config = config
        return options
    }
}
