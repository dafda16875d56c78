/// The posts whose last write (a vote, a favourite, a comment) was sent and never answered, and whose check has
/// not told what happened: the same write is not sent again until a check or a fresh load of the post says.
public struct UnverifiedWrites: Hashable, Sendable {
    /// A post of a site.
    public struct Post: Hashable, Sendable {
        public var site: String
        public var postID: Int
    }

    private(set) var posts: Set<Post> = []

    public init() {}

    public func contains(site: String, postID: Int) -> Bool { posts.contains(Post(site: site, postID: postID)) }
    mutating func insert(site: String, postID: Int) { posts.insert(Post(site: site, postID: postID)) }
    mutating func remove(site: String, postID: Int) { posts.remove(Post(site: site, postID: postID)) }
    /// A fresh load of a question tells the truth about every post it shows.
    mutating func removeAll(site: String, postIDs: Set<Int>) { posts = posts.filter { $0.site != site || !postIDs.contains($0.postID) } }
}
