/// The version of stackterm, shown by `--version` and sent in the User-Agent (`stackterm/<version>`).
public enum StacktermVersion {
    public static let current = "0.1.0"
}
