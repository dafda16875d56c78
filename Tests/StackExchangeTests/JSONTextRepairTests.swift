import Foundation
@testable import StackExchange
import Testing

/// One undecodable character in an answer costs that character, not the page: invalid UTF-8 and lone surrogates'
/// escapes become U+FFFD before the JSON is read, and everything else is left byte for byte.
struct JSONTextRepairTests {
    static func repaired(_ text: String) -> (String, Int) {
        let (data, repairs) = JSONTextRepair.repaired(Data(text.utf8))
        return (String(decoding: data, as: UTF8.self), repairs)
    }

    @Test func loneSurrogatesEscapesBecomeTheReplacementCharacter() {
        #expect(Self.repaired(#"{"t":"a\ud83d b"}"#) == (#"{"t":"a\ufffd b"}"#, 1))
        #expect(Self.repaired(#"{"t":"\uDC00x\ud83d"}"#) == (#"{"t":"\ufffdx\ufffd"}"#, 2))
        #expect(Self.repaired(#"{"t":"\ud83d\ud83d\ude00"}"#) == (#"{"t":"\ufffd\ud83d\ude00"}"#, 1), "the second high half pairs")
    }

    @Test func pairsOtherEscapesAndEscapedBackslashesAreLeftAlone() {
        for text in [#"{"t":"\ud83d\ude00"}"#, #"{"t":"\\ud83d"}"#, #"{"t":"\u00e9\n\"\\"}"#, #"{"t":"plain"}"#] {
            let data = Data(text.utf8)
            let (result, repairs) = JSONTextRepair.repaired(data)
            #expect(repairs == 0 && result == data, "\(text)")
        }
    }

    @Test func invalidUTF8BecomesTheReplacementCharacter() {
        var bytes = Array(#"{"t":"a"#.utf8) + [0xFF] + Array(#" b \#u{FFFD}"}"#.utf8)
        let (data, repairs) = JSONTextRepair.repaired(Data(bytes))
        #expect(repairs == 1, "the U+FFFD already there is not counted")
        #expect(String(decoding: data, as: UTF8.self) == "{\"t\":\"a\u{FFFD} b \u{FFFD}\"}")
        bytes = Array(#"{"t":""#.utf8) + [0xC3] + Array(#""}"#.utf8)
        #expect(JSONTextRepair.repaired(Data(bytes)).repairs == 1, "a truncated sequence")
    }

    @Test func aPageWithBadCharactersInOneTitleDecodesWithEveryQuestion() throws {
        let body = Array(#"{"items":[{"question_id":1,"title":"Lone \ud83d here","tags":[],"score":0,"answer_count":0,"view_count":0,"is_answered":false,"creation_date":1700000000},{"question_id":2,"title":"Byte "#.utf8)
            + [0xFF] + Array(#" here","tags":[],"score":0,"answer_count":0,"view_count":0,"is_answered":false,"creation_date":1700000000}],"has_more":false}"#.utf8)
        if case .success = ResponseDecoder.page(Question.self, status: 200, data: Data(body)) {
            Issue.record("a strict reader is expected to refuse these bytes; the repair is what makes them readable")
        }
        let (repaired, repairs) = JSONTextRepair.repaired(Data(body))
        #expect(repairs == 2)
        let page = try ResponseDecoder.page(Question.self, status: 200, data: repaired).get()
        #expect(page.items.map(\.title) == ["Lone \u{FFFD} here", "Byte \u{FFFD} here"])
    }
}
