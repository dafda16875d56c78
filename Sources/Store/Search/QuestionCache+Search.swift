extension QuestionCache {
    /// Searches the cached questions of `site` at `host` (every site when nil); nil when the cache is off.
    public func search(_ query: SearchQuery, host: String, site: String?, limit: Int = 30, offset: Int = 0) -> [SearchHit]? {
        access { pool in
            try pool.read { db in
                try LocalSearch.run(query, scope: .init(host: host.lowercased(), site: site), limit: limit, offset: offset, db: db)
            }
        }
    }
}
