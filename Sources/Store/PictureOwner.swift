/// The question a kept picture belongs to: its pictures leave the cache with its detail.
struct PictureOwner: Hashable {
    var site: String
    var questionID: Int
}
