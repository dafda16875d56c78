/// A local search as a person types it, in the site's own syntax, parsed into terms and filters.
///
/// Words, `"exact phrase"`, `-word` (and `-"phrase"`), `[tag]`, `score:N` / `score:N..M`, `answers:N`,
/// `is:question` / `is:answer`, `isaccepted:yes|no`, `hasaccepted:yes|no`, `closed:yes|no`, `user:ID`,
/// `created:2021` / `created:2021-03..2022`, `title:word`, `body:word`, `code:word`. An operator it does not
/// know, or a known one with a value it cannot read, is searched as words: parsing never fails.
public struct SearchQuery: Sendable, Hashable {
    /// Where a term must be found.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        case any, title, body, code
    }

    /// A word or phrase to find (all of them must be found), in `field`.
    public struct Term: Sendable, Hashable {
        public var text: String
        public var field: Field
        public var isPhrase: Bool
        public init(_ text: String, field: Field = .any, isPhrase: Bool = false) {
            self.text = text
            self.field = field
            self.isPhrase = isPhrase
        }
    }

    /// The kind of post a search is limited to.
    public enum PostKind: String, Sendable, Hashable {
        case question, answer
    }

    public var terms: [Term] = []
    /// Words and phrases that must not be found.
    public var excluded: [Term] = []
    /// Tags every question must have (lowercased).
    public var tags: [String] = []
    public var score: ClosedRange<Int>?
    public var answers: ClosedRange<Int>?
    public var kind: PostKind?
    public var isAccepted: Bool?
    public var hasAccepted: Bool?
    public var closed: Bool?
    public var userID: Int?
    /// Seconds since 1970: from the start of the first period to the end of the last.
    public var created: Range<Double>?

    public init() {}

    /// True when nothing was asked for (an empty or blank query).
    public var isEmpty: Bool { self == SearchQuery() }

    /// Parses `text`; never fails.
    public init(parsing text: String) {
        self.init()
        for token in SearchTokenizer.tokens(text) { apply(token) }
    }

    private mutating func apply(_ token: SearchTokenizer.Token) {
        switch token {
        case .phrase(let text, let negated):
            let term = Term(text, isPhrase: true)
            if negated { excluded.append(term) } else { terms.append(term) }
        case .tag(let tag):
            tags.append(tag.lowercased())
        case .word(let word, let negated):
            if !negated, applyOperator(word) { return }
            let term = Term(word)
            if negated { excluded.append(term) } else { terms.append(term) }
        }
    }

    /// Applies `word` as an operator; false when it is not one this search knows (it is then a word).
    private mutating func applyOperator(_ word: String) -> Bool {
        guard let colon = word.firstIndex(of: ":"), colon != word.startIndex else { return false }
        let name = word[..<colon].lowercased()
        let value = String(word[word.index(after: colon)...])
        guard !value.isEmpty else { return false }
        switch name {
        case "score": return set(\.score, SearchValue.range(value))
        case "answers": return set(\.answers, SearchValue.range(value))
        case "is":
            guard let kind = PostKind(rawValue: value.lowercased()) else { return false }
            self.kind = kind
            return true
        case "isaccepted": return set(\.isAccepted, SearchValue.yesNo(value))
        case "hasaccepted": return set(\.hasAccepted, SearchValue.yesNo(value))
        case "closed": return set(\.closed, SearchValue.yesNo(value))
        case "user": return set(\.userID, Int(value))
        case "created": return set(\.created, SearchValue.dates(value))
        case "title", "body", "code":
            guard let field = Field(rawValue: name) else { return false }
            terms.append(Term(value, field: field, isPhrase: false))
            return true
        default: return false
        }
    }

    private mutating func set<Value>(_ path: WritableKeyPath<SearchQuery, Value?>, _ value: Value?) -> Bool {
        guard let value else { return false }
        self[keyPath: path] = value
        return true
    }
}
