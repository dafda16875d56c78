import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Keeps Foundation's networking from making directories in the person's home that are not stackterm's.
///
/// On Linux, making a `URLSessionConfiguration` first creates the shared URL cache and the shared cookie store (and
/// `.ephemeral` a memory cache of its own that still makes its directory), and they create `$XDG_CACHE_HOME/org.swift.foundation.URLCache/<program>` and `$XDG_DATA_HOME/<the
/// folder the binary is in>` (`bin` for an installed stackterm), though stackterm's sessions use neither (no cache, no
/// cookies: `StackExchangeClient.makeSession`). Both are made here first, where no directory can be created: the cache
/// with a disk path under `/dev/null`, the cookie store while `XDG_DATA_HOME` names `/dev/null` for the moment it is made.
public enum FoundationStorages {
    /// Makes them once, before the first URLSession (`StackExchangeClient.makeSession` calls it): only the account
    /// commands make one, the browser's and the shell's requests go through libcurl itself (`CurlTask`), so a launch
    /// that does not sign in, out or ask who is signed in never pays for them (0.45 ms on the main thread). It sets
    /// XDG_DATA_HOME for a moment and puts it back (an empty one if there was none), which another thread may then be
    /// reading: `reserveEnvironment()` must have run first.
    public static func makeWithoutDirectories() {
        _ = made
    }

    private static let made: Void = {
        URLCache.shared = URLCache(memoryCapacity: 0, diskCapacity: 0, diskPath: "/dev/null/stackterm")
        let saved = getenv("XDG_DATA_HOME").map { String(cString: $0) } ?? ""
        setenv("XDG_DATA_HOME", "/dev/null", 1)
        _ = HTTPCookieStorage.shared
        setenv("XDG_DATA_HOME", saved, 1)
    }()

    /// Gives the environment an XDG_DATA_HOME (empty, which means unset) if it has none. Call it while the process has
    /// one thread: `makeWithoutDirectories` may then run beside another thread that reads the environment (libcurl's
    /// libraries loading), since changing a variable's value replaces one pointer, where adding or removing one moves
    /// or frees the array a reader may be walking.
    public static func reserveEnvironment() {
        setenv("XDG_DATA_HOME", "", 0)
    }
}
