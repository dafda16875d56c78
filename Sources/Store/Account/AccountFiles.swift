public import Foundation
public import StackExchange
public import StorePorts

/// Forgets the kept sign-in: deletes `account.json` and runs `forgetInClient` (the client stops sending the token).
public final class SignInKeeper: SignInKeeping {
    private let file: SignInFile
    private let forgetInClient: @Sendable () -> Void

    public init(file: SignInFile, forgetInClient: @escaping @Sendable () -> Void) {
        self.file = file
        self.forgetInClient = forgetInClient
    }

    public func signOut() {
        forgetInClient()
        file.delete()
    }
}

/// Comment drafts in `drafts.json` in the data directory (0600): the person's own words, kept like bookmarks.
///
/// Small and written whole on every edit (atomically), so a crash loses at most the key being typed.
public final class CommentDraftFile: CommentDrafting {
    private let url: URL

    public init(paths: StorePaths) {
        url = paths.dataDirectory.appendingPathComponent("drafts.json", isDirectory: false)
    }

    private static func key(_ site: String, _ postID: Int) -> String { "\(site)/\(postID)" }

    private func all() -> [String: String] {
        guard let data = try? Data(contentsOf: url) else { return [:] }
        return (try? JSONDecoder().decode([String: String].self, from: data)) ?? [:]
    }

    public func draft(site: String, postID: Int) -> String? { all()[Self.key(site, postID)] }

    public func setDraft(_ text: String?, site: String, postID: Int) {
        var drafts = all()
        drafts[Self.key(site, postID)] = (text?.isEmpty == false) ? text : nil
        guard let data = try? JSONEncoder().encode(drafts) else { return }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        // A draft that cannot be kept is no reason to stop the person typing: the editor still holds it.
        _ = PrivateFile.write(data, to: url)
    }
}

/// The last inbox in `inbox.json` in the cache directory: disposable, for reading offline.
public final class InboxFile: InboxKeeping {
    private let url: URL

    public init(paths: StorePaths) {
        url = paths.cacheDirectory.appendingPathComponent("inbox.json", isDirectory: false)
    }

    public func keptInbox() -> [InboxItem] {
        guard let data = try? Data(contentsOf: url) else { return [] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return (try? decoder.decode([InboxItem].self, from: data)) ?? []
    }

    public func keepInbox(_ items: [InboxItem]) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        guard let data = try? encoder.encode(items) else { return }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        // The inbox is a cache: failing to keep it costs only the offline copy. It is the person's mail: 0600.
        _ = PrivateFile.write(data, to: url)
    }
}
