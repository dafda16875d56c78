/// The environment variables stackterm reads, for the manual page's ENVIRONMENT section.
public enum EnvironmentCatalog {
    /// One variable and what it does.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var meaning: String
    }

    public static let entries: [Entry] = [
        Entry(name: "STACKEXCHANGE_KEY", meaning: "An app key, raising the daily quota (over https or to loopback only); overrides the config file's key."),
        Entry(name: "STACKEXCHANGE_CLIENT_ID", meaning: "The app's Stack Apps client id for stackterm login; overrides the config file's client_id."),
        Entry(name: "BROWSER", meaning: "The program that opens links (o); overrides the config file's browser."),
        Entry(name: "NO_COLOR", meaning: "When set and not empty, no colour: the browser draws with attributes only and --print writes plain text."),
        Entry(name: "VISUAL, EDITOR", meaning: "The editor answer, ask and edit open (VISUAL first; arguments split as a shell would, run without one); else sensible-editor, editor or vi."),
        Entry(name: "TERM", meaning: "The terminal's type, for its keys and capabilities (terminfo)."),
        Entry(name: "TERM_PROGRAM, KITTY_WINDOW_ID", meaning: "Choose how a watch's notification reaches the terminal (OSC 9, 777 or 99, else the bell)."),
        Entry(name: "TMUX", meaning: "Inside tmux, clipboard writes and notifications are wrapped for tmux's passthrough."),
        Entry(name: "XDG_CONFIG_HOME", meaning: "Where the config file is (stackterm/config.toml); default ~/.config."),
        Entry(name: "XDG_DATA_HOME", meaning: "Where the person's data is (bookmarks, read marks, watches, sign-in, imported sites); default ~/.local/share."),
        Entry(name: "XDG_CACHE_HOME", meaning: "Where the cache of pages and questions is; default ~/.cache."),
        Entry(name: "http_proxy, https_proxy, no_proxy", meaning: "A proxy for the API's requests (libcurl's variables); never used for loopback."),
    ]
}
