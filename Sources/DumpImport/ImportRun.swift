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
    let onSkippedRow: (SkippedRow) -> Void
    /// The bytes of rows a batch may hold before it is written, whatever its count: rows may be up to
    /// `XMLRowReader.maximumRowBytes` each.
    static let batchBytes = 32 << 20

    /// Reads every row of one file, skipping those an earlier run wrote; marks the file done at its end.
    mutating func importFile(_ reader: XMLRowReader, bytesRead: () -> Int64) throws(DumpImportError) {
        let name = reader.fileName
        let already = writer.committedRows(name)
        var skipped = Int(writer.meta("skipped:\(name)") ?? "") ?? 0
        var index = 0
        var batch: [DumpRow] = []
        var held = 0
        batch.reserveCapacity(batchSize)
        progress.fileName = name
        func flush() throws(DumpImportError) {
            do { try writer.write(batch, fileName: name, rowsDone: index, skipped: skipped) } catch {
                throw DumpImportError("\(error.message): the last batch was rolled back; run the import again to resume")
            }
            batch.removeAll(keepingCapacity: true)
            held = 0
            progress.bytesRead = bytesRead()
            progress.elapsed = Date().timeIntervalSince(started)
            onProgress(progress)
        }
        while try reader.next() {
            index += 1
            if index <= already { continue }
            let outcome = switch name {
            case "Posts.xml": reader.attributes(DumpRowDecoder.postAttributes).map(DumpRowDecoder.post)
            case "Comments.xml": reader.attributes(DumpRowDecoder.commentAttributes).map(DumpRowDecoder.comment)
            default: reader.attributes(DumpRowDecoder.userAttributes).map(DumpRowDecoder.user)
            }
            progress.rows += 1
            switch outcome {
            case .success(.row(let row)):
                if case .post = row { progress.posts += 1 }
                batch.append(row)
                held += reader.rowBytes
            case .success(.ignored): break
            case .success(.malformed(let reason)):
                skipped += 1
                onSkippedRow(SkippedRow(fileName: name, row: index, reason: reason))
            case .failure(let problem):
                skipped += 1
                onSkippedRow(SkippedRow(fileName: name, row: index, reason: problem.description))
            }
            if index % batchSize == 0 || held >= Self.batchBytes { try flush() }
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
