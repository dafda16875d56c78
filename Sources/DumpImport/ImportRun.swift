import Foundation
import Store

/// One run's reading of the files: rows decoded, batched, written with their progress, and reported.
struct ImportRun {
    let writer: ImportedSiteWriter
    let batchSize: Int
    var progress: ImportProgress
    let started: Date
    let onProgress: (ImportProgress) -> Void
    let shouldStop: () -> Bool

    /// Reads every row of one file, skipping those an earlier run wrote; marks the file done at its end.
    mutating func importFile(_ reader: XMLRowReader, bytesRead: () -> Int64) throws(DumpImportError) {
        let name = reader.fileName
        let already = writer.committedRows(name)
        var skipped = Int(writer.meta("skipped:\(name)") ?? "") ?? 0
        var index = 0
        var batch: [DumpRow] = []
        batch.reserveCapacity(batchSize)
        progress.fileName = name
        func flush() throws(DumpImportError) {
            do { try writer.write(batch, fileName: name, rowsDone: index, skipped: skipped) } catch {
                throw DumpImportError("\(error.message): the last batch was rolled back; run the import again to resume")
            }
            batch.removeAll(keepingCapacity: true)
            progress.bytesRead = bytesRead()
            progress.elapsed = Date().timeIntervalSince(started)
            onProgress(progress)
        }
        while try reader.next() {
            index += 1
            if index <= already { continue }
            let outcome = switch name {
            case "Posts.xml": DumpRowDecoder.post(reader.attributes(DumpRowDecoder.postAttributes))
            case "Comments.xml": DumpRowDecoder.comment(reader.attributes(DumpRowDecoder.commentAttributes))
            default: DumpRowDecoder.user(reader.attributes(DumpRowDecoder.userAttributes))
            }
            progress.rows += 1
            switch outcome {
            case .row(let row):
                if case .post = row { progress.posts += 1 }
                batch.append(row)
            case .ignored: break
            case .malformed: skipped += 1
            }
            if index % batchSize == 0 { try flush() }
            if shouldStop() {
                try flush()
                throw DumpImportError.stopped(posts: progress.posts, rows: progress.rows)
            }
        }
        try flush()
        do { try writer.setMeta(["done:\(name)": "yes"]) } catch {
            throw DumpImportError("\(writer.file.path): \(error)")
        }
    }
}

extension DumpImportError {
    /// The message of an import stopped on request.
    static func stopped(posts: Int, rows: Int) -> DumpImportError {
        DumpImportError("import stopped with \(ImportProgress.grouped(posts)) posts in (\(ImportProgress.grouped(rows)) rows this run): "
            + "run the same import again to resume")
    }

    /// True for the message of an import stopped on request.
    public var isStop: Bool { description.hasPrefix("import stopped") }
}
