extension BackendConfiguration {
    /// The client's rate limit: the config file's `rate_limit` requests a second, else `RateLimit.standard`;
    /// the spacing between two sends of one method stays the standard one.
    public var effectiveRateLimit: RateLimit {
        guard let rateLimit else { return .standard }
        return RateLimit(requestsPerSecond: rateLimit, methodSpacing: RateLimit.standard.methodSpacing)
    }
}
