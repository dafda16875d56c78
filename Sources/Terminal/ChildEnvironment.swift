/// The environment a child program (a browser, a copy command) starts with: this process's, less its secrets.
///
/// The app key (`STACKEXCHANGE_KEY`) and any access token must never reach a program stackterm starts. This is the
/// one place spawns take their environment through until the terminal layer's general scrub replaces it.
public enum ChildEnvironment {
    /// The variables a child never inherits.
    public static let secretVariables: Set<String> = ["STACKEXCHANGE_KEY", "STACKEXCHANGE_ACCESS_TOKEN"]

    /// `environment` without `secretVariables`.
    public static func withoutSecrets(_ environment: [String: String]) -> [String: String] {
        environment.filter { !secretVariables.contains($0.key) }
    }
}
