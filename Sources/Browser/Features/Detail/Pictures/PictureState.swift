/// Where one picture of the open question is: not asked yet, on its way, drawn, or shown as its box with a reason.
public enum PictureState: Hashable, Sendable {
    /// Fetching (or waiting for one of the two places in flight).
    case loading
    /// Fetched and decoded.
    case shown(PictureFile)
    /// Not shown, for the reason given (a broken file, a bomb, a failed request, a host not allowed).
    case failed(String)
}
