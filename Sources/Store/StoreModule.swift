/// The local store: cached pages and questions, read marks and bookmarks, in SQLite through GRDB.
///
/// It knows models and SQL, and nothing about screens; the data managers consult it behind the
/// same interface as the network.
public enum StoreModule {}
