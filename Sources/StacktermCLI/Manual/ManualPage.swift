public import Browser
import Foundation
import Store

/// The manual page: swift-argument-parser's generate-manual writes it from the command line's definitions
/// (`scripts/man`), and this amends it with what that tool cannot know, from the same definitions the program uses:
/// the subcommand shown as optional in the SYNOPSIS, and the KEYS (`ActionTable`), ENVIRONMENT
/// (`EnvironmentCatalog`), FILES (`StorePaths`, `ConfigFile`) and EXIT STATUS (`ExitStatusCatalog`) sections.
public enum ManualPage {
    /// `generated` (generate-manual's page) with stackterm's own sections in place of its generic EXIT STATUS.
    public static func amend(_ generated: String, keymap: Keymap = Keymap()) -> String {
        var lines = generated.components(separatedBy: "\n")
        if let synopsis = lines.firstIndex(of: ".Sh SYNOPSIS"),
           let subcommand = lines[synopsis...].firstIndex(of: ".Ar subcommand") {
            lines[subcommand] = ".Op Ar subcommand"
        }
        if let exitStatus = lines.firstIndex(where: { $0 == ".Sh \"EXIT STATUS\"" || $0 == ".Sh EXIT STATUS" }) {
            let end = lines[(exitStatus + 1)...].firstIndex { $0.hasPrefix(".Sh ") } ?? lines.endIndex
            lines.replaceSubrange(exitStatus..<end, with: sections(keymap: keymap))
        } else {
            let end = lines.last == "" ? lines.endIndex - 1 : lines.endIndex
            lines.insert(contentsOf: sections(keymap: keymap), at: end)
        }
        return lines.joined(separator: "\n")
    }

    /// KEYS, ENVIRONMENT, FILES and EXIT STATUS, in mdoc.
    static func sections(keymap: Keymap) -> [String] {
        keys(keymap: keymap) + images() + environment() + files() + exitStatus()
    }

    /// IMAGES: the posts' pictures, their forms and the [images] settings.
    static func images() -> [String] {
        [
            ".Sh IMAGES",
            text("Each picture of a post shows at once as a box, [image: alt · 640×480][n], its address a numbered link, then as the "
                + "picture itself once fetched: scaled to the text width and at most max_rows rows, never enlarged. The text never waits for it."),
            ".Bl -tag -width 6n",
            ".It Cm mode",
            text("auto (the default) asks the terminal once at start, within 200 ms: kitty graphics, then sixel (DA1 with 4), then iTerm2's "
                + "inline images, else coloured block characters drawn as text; ASCII shades under NO_COLOR or 8 colours. kitty, sixel, iterm, "
                + "blocks and none choose without asking; --print-config says what the terminal answered."),
            ".It Cm max_rows",
            text("The most rows one picture takes (1 to 200, default 20)."),
            ".It Cm blocks",
            text("half, quadrant or sextant: the block characters the font has."),
            ".It Cm viewer",
            text("The command that opens a picture (default: the browser)."),
            ".It Cm hosts",
            text("Hosts pictures may come from besides the sites' image hosts (i.sstatic.net, i.stack.imgur.com, over https) and loopback; "
                + "a picture elsewhere stays a link."),
            ".El",
            text("Inside tmux, pixels pass only with set -g allow-passthrough on; otherwise pictures are drawn as blocks. A picture is "
                + "fetched with no key, token or cookie, at most 10 MB, and refused from its header when it declares more than 40 megapixels; "
                + "a broken file shows as its box with the reason. Fetched pictures are kept in the cache beside their question. "
                + "On a picture at the top of the screen, Enter or o opens it and y copies its address; I hides or shows pictures for the run."),
        ]
    }

    static func keys(keymap: Keymap) -> [String] {
        var lines = [".Sh KEYS",
                     "The browser's default keys, by screen; each can be rebound in the config file's [keys] table under the action's name.",
                     ".Bl -tag -width 6n"]
        for entry in ActionTable.entries {
            let bindings = KeymapScreen.allCases.compactMap { screen -> String? in
                guard keymap.offers(entry.action, on: screen) else { return nil }
                let names = keymap.keys(for: entry.action, on: screen).map(\.configName)
                guard !names.isEmpty else { return nil }
                return "\(screen.helpName): \(names.joined(separator: " "))"
            }
            guard !bindings.isEmpty else { continue }
            lines.append(".It Cm \(entry.name)")
            lines.append(text("\(capitalised(entry.help)) (\(bindings.joined(separator: "; "))).") )
        }
        lines.append(".El")
        return lines
    }

    static func environment() -> [String] {
        var lines = [".Sh ENVIRONMENT", ".Bl -tag -width 6n"]
        for entry in EnvironmentCatalog.entries {
            lines.append(".It Ev \(entry.name)")
            lines.append(text(entry.meaning))
        }
        lines.append(".El")
        return lines
    }

    static func files() -> [String] {
        // The default paths under a stand-in home, written with `~` as a person reads them.
        let home = "/nonexistent-home"
        let paths = StorePaths(environment: ["HOME": home])
        func tilde(_ path: String) -> String { path.hasPrefix(home) ? "~" + path.dropFirst(home.count) : path }
        let entries = [
            (tilde(ConfigFile.defaultPath(environment: ["HOME": home])),
             "The config file (--write-default-config writes a commented one; --print-config shows what is in force)."),
            (tilde(paths.dataFile.path), "The person's data: bookmarks, read marks, watches, drafts and pauses, the sign-in (0600)."),
            (tilde(paths.sitesDirectory.path) + "/SITE.sqlite", "A site imported from its data dump (stackterm import), searched offline."),
            (tilde(paths.cacheFile.path), "The cache of pages and questions, pruned to cache_size_mb; --clear-cache empties it."),
        ]
        var lines = [".Sh FILES", ".Bl -tag -width 6n"]
        for (path, meaning) in entries {
            lines.append(".It Pa \(path)")
            lines.append(text(meaning))
        }
        lines.append(".El")
        return lines
    }

    static func exitStatus() -> [String] {
        var lines = [".Sh EXIT STATUS", ".Bl -tag -width 6n"]
        for entry in ExitStatusCatalog.entries {
            lines.append(".It \(entry.status)")
            lines.append(text(entry.meaning))
        }
        lines.append(".El")
        return lines
    }

    /// A line of running text, escaped for mdoc: backslashes, and a leading dot or quote that would read as a request.
    static func text(_ line: String) -> String {
        let escaped = line.replacingOccurrences(of: "\\", with: "\\e")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    private static func capitalised(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
