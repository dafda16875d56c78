import Browser

/// A clipboard that records what it was given and answers with `error`.
final class StubClipboard: Copying, @unchecked Sendable {
    // @unchecked: tests touch it only from the main actor (the controller's copies and the assertions).
    var copied: [String] = []
    var error: String?

    func copy(_ text: String, completion: @escaping @MainActor @Sendable (String?) -> Void) {
        copied.append(text)
        let error = error
        MainActor.assumeIsolated { completion(error) }
    }
}
