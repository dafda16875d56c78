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
    /// Call once, first thing in `main`, while the process has one thread (it sets an environment variable and puts
    /// it back).
    public static func makeWithoutDirectories() {
        URLCache.shared = URLCache(memoryCapacity: 0, diskCapacity: 0, diskPath: "/dev/null/stackterm")
        let saved = getenv("XDG_DATA_HOME").map { String(cString: $0) }
        setenv("XDG_DATA_HOME", "/dev/null", 1)
        _ = HTTPCookieStorage.shared
        if let saved { setenv("XDG_DATA_HOME", saved, 1) } else { unsetenv("XDG_DATA_HOME") }
    }
}
