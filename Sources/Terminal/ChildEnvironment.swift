/// The environment stackterm gives the programs it starts (a web browser, `xdg-open`, a text browser,
/// `copy_command`): its own, less every secret. Applied where every such child is started, `ChildSpawn.start`
/// (`URLOpener`, `CommandClipboard.run`, `ForegroundProgram`, the login's browser).
///
/// The API key (`STACKEXCHANGE_KEY`) and any access token stackterm may be given in its environment are
/// for stackterm alone; a browser or a copy command has no use for them, and a child that logs its
/// environment (or a crash reporter that sends it) must not carry them off.
public enum ChildEnvironment {
    /// The variables never passed on: the API key, and anything stackterm names a token or a secret.
    public static func isSecret(_ name: String) -> Bool {
        let upper = name.uppercased()
        if upper == "STACKEXCHANGE_KEY" { return true }
        guard upper.hasPrefix("STACKEXCHANGE_") || upper.hasPrefix("STACKTERM_") else { return false }
        return upper.contains("TOKEN") || upper.contains("SECRET") || upper.hasSuffix("_KEY")
    }

    /// `environment` without its secrets, and without the empty LINES, COLUMNS and XDG_DATA_HOME stackterm adds to its
    /// own (`TerminalSession.reserveSizeEnvironment`), which a child would read
    /// as "no size given" or "the default place" at best.
    public static func scrubbed(_ environment: [String: String]) -> [String: String] {
        environment.filter { !isSecret($0.key) && !isReservedSlot($0.key, $0.value) }
    }

    /// An empty LINES, COLUMNS or XDG_DATA_HOME: a slot stackterm keeps in its environment so that setting it later, beside
    /// other threads, replaces a value instead of adding a variable.
    static func isReservedSlot(_ name: String, _ value: String) -> Bool {
        value.isEmpty && (name == "LINES" || name == "COLUMNS" || name == "XDG_DATA_HOME")
    }
}
