import Foundation
import StackExchange

/// The list's rows laid out as cells, kept per question and width: a frame copies them instead of laying them out again.
///
/// Laying a row out runs `TextFit`, `RelativeAge`, `CompactNumber` and a width lookup per character; most
/// frames (a selection move, a spinner tick, a status change) show the same rows as the last one. An
/// entry is reused while its question, width and age text are unchanged; the cache is emptied when it
/// outgrows `limit`, so paging through ten thousand rows never keeps more than a few screens of them.
struct ListRowCache {
    struct Key: Hashable {
        /// The row's question and, in a list of several sites, its site (ids repeat across sites).
        var row: ListRow.Key
        var width: Int
        var columns: ListColumns
        var mark = RowMarks.Mark()
        /// A search of the store's matched words, drawn beside the title.
        var snippet: SearchSnippet?
    }

    struct Entry {
        var row: ListRow
        var age: String
        var cells: [Cell]
    }

    private var entries: [Key: Entry] = [:]
    var limit = 512
    /// How many rows were reused and laid out, for the benchmarks.
    private(set) var hits = 0
    private(set) var misses = 0

    /// The cells of `row` at `width` (unselected), laid out now or reused.
    mutating func cells(
        for row: ListRow, columns: ListColumns, width: Int, now: Date, repertoire: TextRepertoire,
        mark: RowMarks.Mark = RowMarks.Mark(), snippet: SearchSnippet? = nil
    ) -> [Cell] {
        let key = Key(row: row.key, width: width, columns: columns, mark: mark, snippet: snippet)
        let age = RelativeAge.format(row.creationDate, now: now)
        if let entry = entries[key], entry.age == age, entry.row == row {
            hits += 1
            return entry.cells
        }
        misses += 1
        if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
        var scratch = ScreenBuffer(width: width, height: 1, repertoire: repertoire)
        scratch.draw(ListView.row(row, columns: columns, age: age, bookmarked: mark.isBookmarked, read: mark.isRead, snippet: snippet), row: 0)
        var cells = scratch.cells
        // A question already read is drawn dim (the selection's reverse video takes the dim off again).
        if mark.isRead { for index in cells.indices { cells[index].style.attributes.insert(.dim) } }
        entries[key] = Entry(row: row, age: age, cells: cells)
        return cells
    }
}
