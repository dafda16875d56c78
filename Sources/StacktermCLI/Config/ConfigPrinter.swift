import Browser
import Foundation
import StackExchange

/// Writes configurations as TOML: the effective one (`--print-config`) and the commented default file.
///
/// Hand-written rather than TOMLKit's encoder so that the output keeps the file's order, its comments and
/// one line per action.
public enum ConfigPrinter {
    /// The effective configuration as a config file that reads back to the same settings (the key hidden).
    public static func effective(_ settings: StacktermSettings) -> String {
        var lines = ["# stackterm's effective configuration (stackterm --print-config)"]
        lines.append("site = \(quoted(settings.site))")
        lines.append("sites = [\(settings.sites.map(quoted).joined(separator: ", "))]")
        lines.append("tags = [\(settings.tags.map(quoted).joined(separator: ", "))]")
        lines.append("sort = \(quoted(settings.sort.rawValue))")
        lines.append("page_size = \(settings.pageSize)")
        lines.append("api_base = \(quoted(settings.apiBase.absoluteString))")
        lines.append(settings.key == nil ? "# key = \"\"  (no key set)" : "# key is set (hidden)")
        lines.append(optional("client_id", settings.clientID.map(quoted)))
        lines.append(settings.isSignedIn ? "# access_token: <signed in> (kept by stackterm login, never printed)" : "# access_token: not signed in")
        lines.append(optional("browser", settings.browser.map(quoted)))
        lines.append(optional("copy_command", settings.copyCommand.map(quoted)))
        lines.append(optional("rate_limit", settings.rateLimit.map(String.init)))
        lines.append(optional("request_deadline", settings.requestDeadline.map(String.init)))
        lines.append("mouse = \(settings.mouse)")
        lines += ["", "[store]"]
        lines.append(optional("freshness_minutes", settings.freshnessMinutes.map(String.init)))
        lines.append(optional("cache_size_mb", settings.cacheSizeMegabytes.map(String.init)))
        lines += ["", "[copy]"]
        lines.append(optional("osc52_max_bytes", settings.osc52MaxBytes.map(String.init)))
        lines += ["", "[detail]", "highlight = \(settings.highlightsCode)"]
        lines += ["", "[images]", "mode = \(quoted(settings.images.mode.rawValue))"]
        lines.append("# form: \(settings.images.formDescription)")
        lines.append("max_rows = \(settings.images.maxRows)")
        lines.append("blocks = \(quoted(settings.images.blocks.rawValue))")
        lines.append(optional("viewer", settings.images.viewer.map(quoted)))
        lines.append("hosts = [" + settings.images.hosts.map(quoted).joined(separator: ", ") + "]")
        lines += ["", "[theme]"] + theme(settings.theme)
        lines += ["", "[keys]"] + keys(settings.keymap)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The file `--write-default-config` writes: every setting commented out at its default, with what it does.
    public static func defaultFile() -> String {
        let keyLines = keys(Keymap()).map { "# " + $0 }
        let roles = ThemeRole.allCases.map(\.rawValue).joined(separator: ", ")
        return """
        # stackterm's config file. Every line is commented out at its default: uncomment what you change.
        # The command line wins over the environment, which wins over this file.

        # The site (its API name), the tags to show, the sort and the page size the list starts with.
        # site = "stackoverflow"
        # sites = ["stackoverflow"]  # what a query from the command line searches (default: site)
        # tags = []
        # sort = "activity"         # \(ConfigValidation.sortNames)
        # page_size = 30            # 1 to 100
        # api_base = "\(BackendConfiguration.defaultBaseURL.absoluteString)"

        # An app key raises the daily quota. STACKEXCHANGE_KEY overrides it. Keep this file private (chmod 600).
        # key = ""
        # Your app's client id on Stack Apps, for `stackterm login` (STACKEXCHANGE_CLIENT_ID overrides it).
        # client_id = "12345"

        # The look: dark, light or mono (NO_COLOR forces mono); a [theme] table below can change any role.
        # theme = "dark"

        # The command that opens links ($BROWSER overrides it; default xdg-open).
        # browser = "firefox"
        # The command copied text is piped to; without it stackterm copies with OSC 52 (works over SSH and in tmux).
        # copy_command = "wl-copy"  # or "xclip -selection clipboard"
        # Requests per second at most.
        # rate_limit = 10
        # Seconds a request may take in all, however slowly its answer trickles in (5 to 600).
        # request_deadline = 30
        # Mouse reports: the wheel scrolls, a click selects or opens. false gives the terminal its own selection
        # without Shift.
        # mouse = true

        # A theme with roles changed (use it instead of `theme = ...` above). Roles: \(roles).
        # A colour is a name (red, bright_blue), 0-255 or "#rrggbb", mapped down to what the terminal has.
        # [theme]
        # name = "light"
        # link = "blue"
        # selected_row = { fg = "black", bg = "#ffd700", bold = true }

        [store]
        # How long a cached page counts as fresh, and how large the cache may grow.
        # freshness_minutes = 10
        # cache_size_mb = 100

        [copy]
        # The largest OSC 52 copy (bytes of base64) sent to the terminal; larger copies need copy_command.
        # osc52_max_bytes = 100000

        [detail]
        # Code blocks are coloured in the language their lang-… class, the question's one language tag,
        # or a shebang names; false draws them all in one code style.
        # highlight = true

        [images]
        # How the posts' pictures are drawn: auto (the best the terminal answers it can: kitty graphics, then sixel,
        # then iTerm2's inline images, else coloured blocks; ASCII shades under NO_COLOR), kitty, sixel, iterm,
        # blocks or none. Inside tmux, pixels need `set -g allow-passthrough on`.
        # mode = "auto"
        # The most rows one picture takes (1 to 200); it fits the text width and is never enlarged.
        # max_rows = 20
        # The block characters for the text form: half (every font), quadrant, or sextant (fonts with
        # Unicode 13's legacy computing symbols).
        # blocks = "half"
        # The command that opens a picture (default: the browser that opens links).
        # viewer = "feh"
        # Hosts pictures may be fetched from besides the sites' own (i.sstatic.net, i.stack.imgur.com, over https);
        # a picture elsewhere stays a link, so that no third party learns what is read.
        # hosts = []

        [watch]
        # Tags watched for new questions (`site:tag` on another site than the default), how often they are polled
        # (minutes, at least 1), the requests left under which polling waits for the quota's reset (default: a tenth
        # of the day's quota), and how a terminal is told: auto, osc9, osc777, osc99, bell or none.
        # tags = ["swift", "unix:bash"]
        # interval_minutes = 2
        # quota_floor = 30
        # notify = "auto"
        # notify_command = "notify-send"

        # Keys: each action's keys, replacing its defaults on the list and detail screens. Key names:
        # \(KeyBindingsParser.keyNamesHelp).
        # The tables [keys.list], [keys.detail], [keys.prompt], [keys.find_prompt] and [keys.site_picker] rebind one screen only.
        [keys]
        \(keyLines.joined(separator: "\n"))

        """
    }

    /// The `[keys]` lines for `keymap`: each action's keys on the first screen that offers it (list, then detail),
    /// and a `[keys.detail]` or `[keys.prompt]` table for screens where they differ.
    static func keys(_ keymap: Keymap) -> [String] {
        var general: [String] = []
        var perScreen: [KeymapScreen: [String]] = [:]
        for entry in ActionTable.entries {
            let shared = entry.screens.filter { !$0.takesText }
            if let first = shared.first {
                let keys = keymap.keys(for: entry.action, on: first)
                general.append("\(entry.name) = \(list(keys))")
                for screen in shared.dropFirst() where keymap.keys(for: entry.action, on: screen) != keys {
                    perScreen[screen, default: []].append("\(entry.name) = \(list(keymap.keys(for: entry.action, on: screen)))")
                }
            }
            for screen in entry.screens where screen.takesText {
                perScreen[screen, default: []].append("\(entry.name) = \(list(keymap.keys(for: entry.action, on: screen)))")
            }
        }
        var lines = general
        for screen in KeymapScreen.allCases {
            guard let screenLines = perScreen[screen] else { continue }
            lines += ["", "[keys.\(screen.rawValue)]"] + screenLines
        }
        return lines
    }

    static func theme(_ theme: Theme) -> [String] {
        var lines = ["name = \(quoted(theme.name))"]
        for role in ThemeRole.allCases {
            guard let style = theme.styles[role] else { continue }
            var fields: [String] = []
            if let foreground = style.foreground { fields.append("fg = \(value(foreground))") }
            if let background = style.background { fields.append("bg = \(value(background))") }
            if let attributes = style.attributes {
                let flags: [(String, CellStyle.Attributes)] = [("bold", .bold), ("dim", .dim), ("reverse", .reverse), ("underline", .underline)]
                for (name, flag) in flags { fields.append("\(name) = \(attributes.contains(flag))") }
            }
            lines.append("\(role.rawValue) = { \(fields.joined(separator: ", ")) }")
        }
        return lines
    }

    /// A colour as TOML: a palette number bare, a name or `#rrggbb` quoted.
    private static func value(_ color: ThemeColor) -> String {
        Int(color.configValue) != nil ? color.configValue : quoted(color.configValue)
    }

    private static func list(_ keys: [Key]) -> String {
        "[" + keys.map { quoted($0.configName) }.joined(separator: ", ") + "]"
    }

    private static func optional(_ name: String, _ value: String?) -> String {
        value.map { "\(name) = \($0)" } ?? "# \(name) is not set"
    }

    /// `text` as a TOML basic string.
    static func quoted(_ text: String) -> String { QuotedString.of(text) }
}
