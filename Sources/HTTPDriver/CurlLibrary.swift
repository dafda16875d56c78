internal import CLazyCurl

/// libcurl, which every request goes through (`CurlTask` over `HTTPExchange.c`), loaded on first use (`CLazyCurl`).
///
/// Nothing before the first request needs it, so the program does not pay for it at start: the app calls `require()`
/// on a background thread once its first frame is out (or at once when the store has nothing to paint), and
/// `stackterm --help` never loads it.
public enum CurlLibrary {
    /// Called with the one-line error when libcurl is needed and cannot be loaded.
    public typealias FailureHandler = @convention(c) (UnsafePointer<CChar>?) -> Void

    /// Loads libcurl now if it is not loaded yet, or ends the program as `onFailure` says.
    public static func require() {
        stackterm_curl_require()
    }

    /// Loads and initialises libcurl now if it is not yet, on the calling thread; false when it cannot be loaded. Never
    /// ends the program (the launch says so later, through `require()`, once its command line has been read).
    @discardableResult
    public static func preload() -> Bool {
        stackterm_curl_preload() == 1
    }

    /// Loads libcurl (as `preload`) and starts the thread that runs the program's requests (`CurlTask`), on the calling
    /// thread; false when libcurl cannot be loaded. Never ends the program.
    @discardableResult
    public static func warmUpExchanges() -> Bool {
        stackterm_http_warm_up() == 1
    }

    /// How many times the exchange thread woke to act on its transfers (`HTTPExchange.c`): a request costs a few; a
    /// wait for an answer costs none.
    public static var socketActions: Int {
        Int(stackterm_curl_socket_actions())
    }

    /// Runs `handler` with the one-line error when libcurl is needed and cannot be loaded; if `handler` returns, the
    /// error goes to standard error and the process exits with status 69.
    public static func onFailure(_ handler: FailureHandler) {
        stackterm_curl_set_failure_handler(handler)
    }
}
