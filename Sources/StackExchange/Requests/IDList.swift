/// The rules for `{ids}` in a path: 1…100 positive ids.
enum IDList {
    static func validate(_ ids: [Int]) throws(RequestValidationError) {
        guard (1...100).contains(ids.count) else {
            throw RequestValidationError(parameter: "ids", reason: "need 1…100 ids, got \(ids.count)")
        }
        if let bad = ids.first(where: { $0 <= 0 }) {
            throw RequestValidationError(parameter: "ids", reason: "ids are positive, got \(bad)")
        }
    }
}
