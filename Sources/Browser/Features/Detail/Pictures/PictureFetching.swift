public import Operations

/// What fetching one picture came to, besides the network's own failures: the picture, or why it shows as its box.
public enum PictureOutcome: Sendable, Equatable {
    case file(PictureFile)
    /// Fetched but not shown: a broken or hostile file, a body past the cap, a host not allowed.
    case refused(String)
}

/// The port pictures come through: the store's copy when the question was read before, else the network (only
/// where `PictureHosts` allows, with no key, token or cookie, its body capped), decoded off the main thread.
public protocol PictureFetching: Sendable {
    /// Fetches the picture at `url` (the store first); `completion` runs on the main queue, once.
    @MainActor
    func picture(
        at url: String, site: String, questionID: Int,
        completion: @escaping @MainActor @Sendable (PictureOutcome?, String?) -> Void
    ) -> any Cancellable
}
