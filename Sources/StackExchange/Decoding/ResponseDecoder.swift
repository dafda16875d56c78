public import Foundation

/// Turns an HTTP status and body into a `Page` or an `APIError`.
///
/// An error body (`error_id`…) becomes `.stackExchange` whatever the status; another non-2xx status becomes
/// `.httpStatus` with a one-line snippet of the body; a 2xx body that is not the expected JSON becomes
/// `.decoding("what failed: key.path")`.
public enum ResponseDecoder {
    /// A decoder for the API's JSON: dates are seconds since 1970.
    public static func makeJSONDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }

    /// Decodes `data` answered with `status` into a page of `Item`.
    public static func page<Item: Decodable & Sendable>(
        _ type: Item.Type = Item.self, status: Int, data: Data
    ) -> Result<Page<Item>, APIError> {
        guard (200..<300).contains(status) else {
            if let body = errorBody(data) { return .failure(body.apiError) }
            return .failure(.httpStatus(code: status, bodySnippet: snippet(of: data)))
        }
        do {
            return .success(try makeJSONDecoder().decode(Page<Item>.self, from: data))
        } catch {
            // An error body with a 2xx status is still the API's error, not a decoding failure.
            if let body = errorBody(data) { return .failure(body.apiError) }
            if let error = error as? DecodingError {
                return .failure(.decoding(describe(error, reading: "Page<\(Item.self)>")))
            }
            return .failure(.decoding("Page<\(Item.self)>: \(error)"))
        }
    }

    /// Decodes an error body, when `data` is one.
    public static func errorBody(_ data: Data) -> ErrorBody? {
        // Not an error body is the ordinary case here, not a failure worth reporting.
        try? makeJSONDecoder().decode(ErrorBody.self, from: data)
    }

    /// "what failed: key.path" for a `DecodingError`.
    static func describe(_ error: DecodingError, reading what: String) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let parts = codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return parts.isEmpty ? "(top level)" : parts.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(what): missing \(path(context.codingPath + [key]))"
        case .valueNotFound(_, let context):
            return "\(what): null at \(path(context.codingPath))"
        case .typeMismatch(let type, let context):
            return "\(what): expected \(type) at \(path(context.codingPath))"
        case .dataCorrupted(let context):
            return "\(what): not valid JSON at \(path(context.codingPath))"
        @unknown default:
            return "\(what): \(error)"
        }
    }

    /// The first 120 characters of a body, on one line, without control characters.
    static func snippet(of data: Data) -> String {
        let text = String(decoding: data.prefix(480), as: UTF8.self)
        return APIError.oneLine(PlainText.sanitize(text), limit: 120)
    }
}
