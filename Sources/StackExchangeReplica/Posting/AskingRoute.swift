import Foundation

/// The reads a person asking a question needs: `/similar` (questions like a title), `/tags/{tags}/info` (which of
/// these tags exist) and `/tags` (tags containing some text, `inname`).
enum AskingRoute: Equatable {
    case similar
    /// The tags named in the path, lowercased, as given (up to 20).
    case tagsInfo([String])
    case tags

    /// The method name backoff and quota are counted by.
    var method: String {
        switch self {
        case .similar: "/similar"
        case .tagsInfo: "/tags/{tags}/info"
        case .tags: "/tags"
        }
    }

    /// The sorts the method takes, the default first.
    var sorts: [String] {
        switch self {
        case .similar: ["relevance", "activity", "creation", "votes"]
        case .tagsInfo, .tags: ["popular", "activity", "name"]
        }
    }

    /// The route of `path` (under `/2.3`, still percent-encoded), or nil when it is none of these.
    static func parse(path: String) -> AskingRoute? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard parts.first == "2.3" else { return nil }
        let rest = Array(parts.dropFirst())
        switch rest.count {
        case 1 where rest[0] == "similar": return .similar
        case 1 where rest[0] == "tags": return .tags
        case 3 where rest[0] == "tags" && rest[2] == "info":
            // Tag names are free-form (`c#`, `c++`): the segment is percent-decoded, then split on `;`.
            let names = (rest[1].removingPercentEncoding ?? rest[1]).split(separator: ";", omittingEmptySubsequences: false)
            return .tagsInfo(names.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        default: return nil
        }
    }
}
