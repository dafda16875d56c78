@testable import DumpImport
import Foundation
import Store
import SyntheticDump
import Testing

/// The importer given hostile dumps (smaller than the end-to-end suite's): each is refused or imported with its bad
/// row skipped and named, and the row reader's bounds and XML decoding on their own.
struct HostileDumpImportTests {
    /// A hostile dump of `kind` in a fixture's folder (replacing the clean one).
    static func fixture(_ kind: HostileDump, size: Int? = nil) throws -> (DumpFixture, DumpSummary) {
        let dump = try DumpFixture(posts: 20)
        let summary = try kind.write(to: dump.folder, posts: 120, seed: 3, size: size)
        return (dump, summary)
    }

    @Test func aDoctypeDeclaringEntitiesIsRefusedAndNothingIsExpanded() throws {
        let (dump, _) = try Self.fixture(.billionLaughs)
        let error = try #require(throws: DumpImportError.self) { try dump.importDump() }
        #expect(error.description == "Posts.xml: declares entities in its DOCTYPE, which a Stack Exchange data dump never does: refused")
        #expect(!FileManager.default.fileExists(atPath: dump.paths.importedSiteFile("vi").path))
    }

    @Test(arguments: [(HostileDump.hugeAttribute, 6 << 20), (.manyAttributes, 200_000), (.invalidUTF8, 0),
                      (.expandingWhitespace, 8 << 20), (.hugeText, 8 << 20)])
    func aHostilePartIsSkippedNamedAndTheRestComesIn(_ kind: HostileDump, _ size: Int) throws {
        let (dump, summary) = try Self.fixture(kind, size: size)
        let importer = try DumpImporter(source: dump.folder, site: nil, paths: dump.paths)
        var skipped: [SkippedRow] = []
        importer.onSkippedRow = { skipped.append($0) }
        let outcome = try importer.run()
        #expect(outcome.questions == summary.questions && outcome.answers == summary.answers, "\(kind)")
        #expect(outcome.skipped == kind.skippedRows)
        #expect(skipped.count == kind.skippedRows)
        let reasons: [HostileDump: String] = [
            .hugeAttribute: "longer than 4 MB", .manyAttributes: "more than 100 attributes", .invalidUTF8: "invalid UTF-8 in Title",
        ]
        if let row = skipped.first {
            #expect(row.fileName == "Posts.xml" && row.row > 1 && row.reason == reasons[kind], "\(row)")
            #expect(row.description == "Posts.xml row \(ImportProgress.grouped(row.row)): \(reasons[kind] ?? "")")
        }
    }

    @Test func aResumedImportDoesNotFailAtTheRowThatCouldNotBeRead() throws {
        let (dump, summary) = try Self.fixture(.invalidUTF8)
        let importer = try DumpImporter(source: dump.folder, site: nil, paths: dump.paths)
        importer.batchSize = 10
        var skippedBeforeStop = 0
        importer.onSkippedRow = { _ in skippedBeforeStop += 1 }
        importer.shouldStop = { skippedBeforeStop > 0 }
        let stop = try #require(throws: DumpImportError.self) { try importer.run() }
        #expect(stop.isStop)
        let outcome = try dump.importDump()
        #expect(outcome.questions == summary.questions && outcome.skipped == 1, "counted once, in the run that met it")
    }

    @Test func aBatchIsWrittenOnceItHoldsEnoughBytesWhateverItsCount() throws {
        let (dump, _) = try Self.fixture(.hugeAttribute, size: 3 << 20)
        let importer = try DumpImporter(source: dump.folder, site: nil, paths: dump.paths)
        var writes = 0
        importer.onProgress = { _ in writes += 1 }
        _ = try importer.run()
        // Users, Posts and Comments are a batch each, the 3 MB row alone does not force another.
        #expect(writes == 3)
    }

    @Test func valuesAreDecodedAsXMLReadsThem() throws {
        let row = Array(#" Id="1" Body="a &lt;b&gt; &amp; &quot;q&quot; &apos;&#xA;&#233;&#x1F600;\#ttab&#13;" Title='it&apos;s' Other="x"/"#.utf8)
        let parsed = try XMLRowAttributes.parse(row, wanted: ["Id", "Body", "Title"]).get()
        #expect(parsed == ["Id": "1", "Body": "a <b> & \"q\" '\né😀 tab\r", "Title": "it's"])
        let literalLines = Array("Text=\"one\r\ntwo\nthree\"".utf8)
        #expect(try XMLRowAttributes.parse(literalLines, wanted: ["Text"]).get() == ["Text": "one two three"])
        #expect(XMLRowAttributes.parse(Array(#"Body="&lol9;""#.utf8), wanted: ["Body"]) == .failure(.unknownEntity(attribute: "Body")))
        #expect(XMLRowAttributes.parse(Array(#"Body="&#0;""#.utf8), wanted: ["Body"]) == .failure(.unknownEntity(attribute: "Body")))
        #expect(XMLRowAttributes.parse(Array(#"Body="&#xD800;""#.utf8), wanted: ["Body"]) == .failure(.unknownEntity(attribute: "Body")))
        #expect(XMLRowAttributes.parse(Array(#"Id="1" Id="2""#.utf8), wanted: ["Id"]) == .failure(.duplicateAttribute("Id")))
        #expect(XMLRowAttributes.parse(Array(#"Id="1"#.utf8), wanted: ["Id"]) == .failure(.notWellFormed))
        #expect(XMLRowAttributes.parse(Array(#"Body="a<b""#.utf8), wanted: ["Body"]) == .failure(.notWellFormed))
    }

    @Test func theReaderSkipsWhatIsNotARowAndStepsOverQuotedMarkup() throws {
        let text = """
        \u{FEFF}<?xml version="1.0" encoding="utf-8"?>
        <!DOCTYPE posts>
        <!-- a comment with <row Id="0"/> in it -->
        <posts>
          <rows Id="9"/>
          <row Id="1" Body='a > b "quoted"' />
          <![CDATA[ <row Id="0"/> ]]>
          <row Id="2"/><row
            Id="3">
        </posts>
        """
        let reader = XMLRowReader(source: DataByteSource(Data(text.utf8)), fileName: "Posts.xml")
        var rows: [[String: String]] = []
        while try reader.next() { rows.append(try reader.attributes(["Id", "Body"]).get()) }
        #expect(rows == [["Id": "1", "Body": "a > b \"quoted\""], ["Id": "2"], ["Id": "3"]])
        #expect(reader.rowNumber == 3)
        let truncated = XMLRowReader(source: DataByteSource(Data("<posts><row Id=\"1\" Body=\"no end".utf8)), fileName: "Posts.xml")
        let error = try #require(throws: DumpImportError.self) { while try truncated.next() {} }
        #expect(error.description == "Posts.xml: ends inside its markup after 1 rows (a truncated file)")
    }
}

/// Bytes from memory, a few at a time (so that markup falls across the reader's refills).
final class DataByteSource: ByteSource {
    private let data: Data
    private var offset = 0
    let failure: String? = nil

    init(_ data: Data) { self.data = data }

    func read(_ buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        let length = min(count, 7, data.count - offset)
        data.copyBytes(to: buffer.assumingMemoryBound(to: UInt8.self), from: offset..<offset + length)
        offset += length
        return length
    }
}
