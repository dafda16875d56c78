internal import CLazyCurl

/// libcurl, which Foundation's networking sends every request through, loaded on first use (`CLazyCurl`).
///
/// Nothing before the first request needs it, so the program does not pay for it at start: the app calls
/// `preload` on a background thread as it starts browsing, and `stackterm --help` never loads it.
public enum CurlLibrary {
    /// A C function that ends what the process has on the terminal before the load failure's line is printed.
    public typealias FailureHandler = @convention(c) (UnsafePointer<CChar>?) -> Void

    /// Loads libcurl now, on the calling thread, if it is not loaded yet; returns whether it is loaded.
    @discardableResult
    public static func load() -> Bool {
        stackterm_curl_load() != 0
    }

    /// Loads libcurl now if it is not loaded yet, or ends the program as `onFailure` says.
    public static func require() {
        stackterm_curl_require()
    }

    /// Whether libcurl is loaded.
    public static var isLoaded: Bool {
        stackterm_curl_is_loaded() != 0
    }

    /// Why libcurl could not be loaded, if it could not.
    public static var loadError: String? {
        stackterm_curl_load_error().map { String(cString: $0) }
    }

    /// Runs `handler` with the one-line error when a request needs libcurl and it cannot be loaded; if `handler`
    /// returns, the error goes to standard error and the process exits with status 69.
    public static func onFailure(_ handler: FailureHandler) {
        stackterm_curl_set_failure_handler(handler)
    }
}
