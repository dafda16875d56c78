/// One picture of a post as its HTML names it: `<img src alt>`, and the number its address has among the links.
public struct PostPicture: Hashable, Sendable {
    /// The picture's address, as the post gives it.
    public let url: String
    /// Its alternative text (empty when it has none).
    public let alt: String
    /// Its `[n]`: the address is a numbered link like any other, so it opens and copies as one.
    public let link: Int

    public init(url: String, alt: String, link: Int) {
        self.url = url
        self.alt = alt
        self.link = link
    }
}
