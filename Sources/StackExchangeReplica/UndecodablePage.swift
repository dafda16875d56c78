import Foundation

/// A page of two answered questions whose titles hold what a strict JSON reader refuses: one an escape of a lone
/// surrogate (`\ud83d` with no low half), the other a raw 0xFF byte, which is never UTF-8. Servers do send such
/// bytes; a client must lose the one character, not the page. `ReplicaFault.undecodableTitles` serves it.
public enum UndecodablePage {
    /// The first question's id: its title holds the lone surrogate's escape.
    public static let surrogateQuestionID = 79_999_101
    /// The second question's id: its title holds the 0xFF byte.
    public static let byteQuestionID = 79_999_102
    /// The words around each bad character, as a reader finds them.
    public static let surrogateTitle = ("Lone surrogate ", " in this title")
    public static let byteTitle = ("Stray byte ", " in this title")

    static func question(id: Int, title: String, now: Date) -> WireQuestion {
        let date = Int(now.timeIntervalSince1970) - 600
        let owner = WireOwner(accountId: 1, reputation: 10, userId: 7, userType: "registered", displayName: "Ada",
                              link: "https://stackoverflow.com/users/7/ada")
        let answer = WireAnswer(
            owner: owner, isAccepted: true, score: 2, lastActivityDate: date, creationDate: date, answerId: id + 1_000_000,
            questionId: id, contentLicense: "CC BY-SA 4.0", body: "<p>The answer to question \(id).</p>\n",
            bodyMarkdown: "The answer to question \(id).")
        return WireQuestion(
            tags: ["json"], owner: owner, isAnswered: true, viewCount: 1, acceptedAnswerId: id + 1_000_000, answerCount: 1,
            score: 1, lastActivityDate: date, creationDate: date, questionId: id, contentLicense: "CC BY-SA 4.0",
            link: "https://stackoverflow.com/questions/\(id)", title: title, body: "<p>Question \(id).</p>\n",
            bodyMarkdown: "Question \(id).", answers: [answer])
    }

    /// The page, its bad characters put into the encoded bytes (an encoder would never write them).
    static func response(now: Date, quotaMax: Int) -> APIResponse {
        let surrogateMarker = "SURROGATE-MARKER", byteMarker = "BYTE-MARKER"
        var response = APIResponse.page(
            [question(id: surrogateQuestionID, title: surrogateTitle.0 + surrogateMarker + surrogateTitle.1, now: now),
             question(id: byteQuestionID, title: byteTitle.0 + byteMarker + byteTitle.1, now: now)],
            hasMore: false, quotaMax: quotaMax, quotaRemaining: quotaMax - 1, backoff: nil)
        var bytes = [UInt8](response.body)
        bytes = replacing(Array(surrogateMarker.utf8), with: Array("\\ud83d".utf8), in: bytes)
        bytes = replacing(Array(byteMarker.utf8), with: [0xFF], in: bytes)
        response.body = Data(bytes)
        return response
    }

    private static func replacing(_ needle: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if index + needle.count <= bytes.count, Array(bytes[index..<index + needle.count]) == needle {
                output += replacement
                index += needle.count
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }
}
