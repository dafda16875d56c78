/// Why the client itself refused an answer: a body or headers past their limit, or a redirect `RedirectPolicy` does not
/// allow.
public enum ResponseRefused: Error, Sendable {
    case tooLarge(limit: Int)
    case redirect(String)
}
