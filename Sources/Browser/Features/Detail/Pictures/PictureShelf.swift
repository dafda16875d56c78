/// The open question's pictures: how they are drawn, and each one's state by its address.
public struct PictureShelf: Equatable, Sendable {
    public var look: PictureLook
    /// Each picture asked for, by address; a picture not here has not been asked for yet.
    public private(set) var states: [String: PictureState] = [:]

    public init(look: PictureLook = PictureLook()) {
        self.look = look
    }

    public subscript(url: String) -> PictureState? {
        get { states[url] }
        set { states[url] = newValue }
    }

    /// Forgets the pictures on their way (their requests were cancelled), so that they are asked for again.
    public mutating func forgetLoading() {
        states = states.filter { $0.value != .loading }
    }

    /// How many pictures are on their way.
    public var loadingCount: Int { states.values.filter { $0 == .loading }.count }
}
