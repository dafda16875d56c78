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
        let path = directory.path
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { return "cannot use \(path): \(String(cString: strerror(errno)))" }
            return create(directory)
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

    /// Creates `file` empty with mode 0600 if it is missing, or narrows an existing file of the person's own
    /// to 0600. SQLite gives the file's WAL and shared-memory files the same mode.
    public static func prepareFile(_ file: URL) {
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
        var info = stat()
        if stat(file.path, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o077 != 0 { chmod(file.path, 0o600) }
    }

    private static func create(_ directory: URL) -> String? {
        let parent = directory.deletingLastPathComponent()
        if parent.path != directory.path, access(parent.path, F_OK) != 0 {
            if let problem = create(parent) { return problem }
        }
        if mkdir(directory.path, 0o700) != 0, errno != EEXIST {
            return "cannot create \(directory.path): \(String(cString: strerror(errno)))"
        }
        // mkdir's mode passes through the umask; 0700 is narrower than any umask leaves, but say it exactly.
        chmod(directory.path, 0o700)
        return nil
    }
}
