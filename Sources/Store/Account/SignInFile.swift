public import Foundation

/// Where the sign-in is kept: `account.json` in the data directory, mode 0600, the directory 0700.
///
/// The file is written to a temporary name created 0600 from the start and renamed into place, so the token
/// is never readable by others, not even for a moment. Reading refuses a file others may read.
public struct SignInFile: Sendable {
    public let url: URL

    /// The file's name in the data directory.
    static let name = "account.json"

    public init(paths: StorePaths) {
        url = paths.dataDirectory.appendingPathComponent(Self.name, isDirectory: false)
    }

    /// Whether a sign-in file is there at all, by its path alone (no `URL` made): what most launches, signed out, need
    /// to know before `load()`.
    public static func isKept(environment: [String: String]) -> Bool {
        FileManager.default.fileExists(atPath: StorePaths.dataDirectoryPath(environment: environment) + "/" + name)
    }

    /// What went wrong reading or writing the file, in one line.
    public struct Problem: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// The sign-in kept, or nil when there is none.
    public func load() throws(Problem) -> SignIn? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let mode = (try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? 0
        if mode & 0o077 != 0 {
            throw Problem(description: "\(url.path) can be read by others (mode \(String(mode & 0o777, radix: 8))): "
                + "not using it; run stackterm logout, then stackterm login")
        }
        do {
            return try JSONDecoder().decode(SignIn.self, from: Data(contentsOf: url))
        } catch {
            throw Problem(description: "\(url.path) is not a sign-in stackterm wrote; run stackterm logout, then stackterm login")
        }
    }

    /// Keeps `signIn`, replacing any before it.
    public func save(_ signIn: SignIn) throws(Problem) {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            // An existing data directory may have been made wider by hand or an older version: the token narrows it.
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
        } catch {
            throw Problem(description: "cannot make \(directory.path) private: \(error.localizedDescription)")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(signIn) else { throw Problem(description: "cannot encode the sign-in") }
        let temporary = directory.appendingPathComponent(".account.json.\(getpid())")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Problem(description: "cannot write \(temporary.path): \(String(cString: strerror(errno)))") }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        fsync(descriptor)
        close(descriptor)
        guard written == data.count, rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            throw Problem(description: "cannot write \(url.path): \(String(cString: strerror(errno)))")
        }
    }

    /// Forgets the sign-in; true when there was one.
    @discardableResult
    public func delete() -> Bool {
        (try? FileManager.default.removeItem(at: url)) != nil
    }
}
