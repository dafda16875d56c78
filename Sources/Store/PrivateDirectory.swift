public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The store's directories and files, private to the person as the XDG base-directory specification asks:
/// directories stackterm creates are mode 0700 and its database files 0600, whatever the umask.
///
/// A store directory that is a symlink to a directory someone else owns, or that others may write to, is
/// refused with a one-line reason: another local user could read the bookmarks or swap the files.
public enum PrivateDirectory {
    /// Creates `directory` and any missing parents with mode 0700, or checks the one there; returns the
    /// reason to refuse it, or nil. A directory of the person's own with looser read bits is tightened.
    public static func prepare(_ directory: URL) -> String? {
        prepare(path: directory.path)
    }

    /// `prepare` of the directory at `path` (the launch opens its files by path: `StoreDatabase.open(path:schema:)`).
    public static func prepare(path: String) -> String? {
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { return "cannot use \(path): \(String(cString: strerror(errno)))" }
            return create(path)
        }
        if (info.st_mode & S_IFMT) == S_IFLNK {
            var target = stat()
            guard stat(path, &target) == 0 else { return "\(path) is a symlink to nothing" }
            guard target.st_uid == geteuid() else {
                return "\(path) is a symlink to a directory owned by someone else (uid \(target.st_uid)); refusing it"
            }
            info = target
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return "\(path) is not a directory" }
        guard info.st_uid == geteuid() else { return "\(path) is owned by someone else (uid \(info.st_uid)); refusing it" }
        if info.st_mode & 0o022 != 0 {
            return "\(path) can be written by others (mode \(String(info.st_mode & 0o777, radix: 8))); chmod 700 it"
        }
        if info.st_mode & 0o077 != 0 { chmod(path, 0o700) }
        return nil
    }

    /// Creates the file at `path` empty with mode 0600 if it is missing, or narrows an existing file of the person's
    /// own to 0600. SQLite gives the file's WAL and shared-memory files the same mode.
    public static func prepareFile(path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
        var info = stat()
        if stat(path, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o077 != 0 { chmod(path, 0o600) }
    }

    /// The directory `path` is in: `path` up to its last `/` (trailing ones aside), `/` at the root, `.` for a bare
    /// name. Strings alone, as `prepare(path:)` works (a hand-written step: Foundation's `deletingLastPathComponent`
    /// goes through `URL` or `NSString`, whose first use is what the launch avoids).
    static func parent(of path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return "." }
        var parent = path[..<slash]
        while parent.count > 1, parent.hasSuffix("/") { parent.removeLast() }
        return parent.isEmpty ? "/" : String(parent)
    }

    private static func create(_ directory: String) -> String? {
        let parent = parent(of: directory)
        if parent != directory, access(parent, F_OK) != 0 {
            if let problem = create(parent) { return problem }
        }
        if mkdir(directory, 0o700) != 0, errno != EEXIST {
            return "cannot create \(directory): \(String(cString: strerror(errno)))"
        }
        // mkdir's mode passes through the umask; 0700 is narrower than any umask leaves, but say it exactly.
        chmod(directory, 0o700)
        return nil
    }
}
