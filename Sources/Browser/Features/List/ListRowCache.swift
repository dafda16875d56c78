import Foundation
import StackExchange

/// The list's rows laid out as cells, kept per question and width: a frame copies them instead of laying them out again.
///
/// Laying a row out runs `TextFit`, `RelativeAge`, `CompactNumber` and a width lookup per character; most
/// frames (a selection move, a spinner tick, a status change) show the same rows as the last one. An
/// entry is reused while its question, width and age text are unchanged.
///
/// The entries are kept in two generations: new rows go into `recent`; when it holds `limit / 2` rows it becomes
/// `older` and the older one is dropped, and a row found in `older` moves back to `recent`. So paging through ten
/// thousand rows never keeps more than `limit` of them, and the rows laid out last (the screen shown and the one
/// laid out ahead for the next PageDown) are never among those dropped: emptying the whole cache at once, as it was,
/// dropped them every dozen pages and that PageDown laid its screen out inside the frame.
///
/// A generation change inside a frame (a frame that lays rows out: End, a jump, a resize) only sets the dropped
/// generation aside; its rows are let go by `releaseRetired()`, which the runner calls while it waits for a key,
/// so no frame spends its time freeing hundreds of rows it does not show.
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

    /// The rows laid out or used since the last generation change.
    private var recent: [Key: Entry] = [:]
    /// The generation before: dropped whole when `recent` fills.
    private var older: [Key: Entry] = [:]
    /// Generations dropped and not yet let go: released by `releaseRetired()`, outside the frame.
    private var retired: [[Key: Entry]] = []
    /// At most this many rows are kept, half in each generation.
    var limit = 512
    /// How many rows were reused and laid out, for the benchmarks.
    private(set) var hits = 0
    private(set) var misses = 0
    /// How many rows were let go (their cells freed), for tests that check no frame does it.
    private(set) var released = 0

    /// The cells of `row` at `width` (unselected), laid out now or reused.
    mutating func cells(
        for row: ListRow, columns: ListColumns, width: Int, now: Date, repertoire: TextRepertoire,
        mark: RowMarks.Mark = RowMarks.Mark(), snippet: SearchSnippet? = nil
    ) -> [Cell] {
        let key = Key(row: row.key, width: width, columns: columns, mark: mark, snippet: snippet)
        let age = RelativeAge.format(row.creationDate, now: now)
        if let entry = recent[key], entry.age == age, entry.row == row {
            hits += 1
            return entry.cells
        }
        if let entry = older.removeValue(forKey: key), entry.age == age, entry.row == row {
            hits += 1
            keep(entry, for: key)
            return entry.cells
        }
        misses += 1
        var scratch = ScreenBuffer(width: width, height: 1, repertoire: repertoire)
        scratch.draw(ListView.row(row, columns: columns, age: age, bookmarked: mark.isBookmarked, read: mark.isRead, snippet: snippet), row: 0)
        var cells = scratch.cells
        // A question already read is drawn dim (the selection's reverse video takes the dim off again).
        if mark.isRead { for index in cells.indices { cells[index].style.attributes.insert(.dim) } }
        keep(Entry(row: row, age: age, cells: cells), for: key)
        return cells
    }

    /// Files `entry` in the recent generation, starting a new one first when it is full.
    private mutating func keep(_ entry: Entry, for key: Key) {
        if recent.count >= max(1, limit / 2) {
            // Set aside, not freed here: this may be inside a frame.
            retired.append(older)
            older = recent
            recent = Dictionary(minimumCapacity: older.count)
        }
        recent[key] = entry
    }

    /// Lets go of the generations dropped since the last call: idle work, after a frame is out.
    mutating func releaseRetired() {
        guard !retired.isEmpty else { return }
        released += retired.reduce(0) { $0 + $1.count }
        retired = []
    }

    /// How many rows are kept.
    var count: Int { recent.count + older.count }
}
