import Foundation
import TallyCore

@testable import TallyHabits

/// The day written as `YYYY-MM-DD`; the tests only write valid days.
func day(_ text: String) -> Day {
    try! Day.parse(text)
}

/// The "today" every test pins, a Sunday.
let pinnedToday = day("2026-11-29")

/// A line written with the span a diagnostic must cover between `⟦` and `⟧` (`⟦⟧` for an empty
/// span), so no test counts bytes by hand. Returns the line without the markers and the span as
/// 0-based UTF-8 offsets into it.
func marked(_ source: String) -> (line: String, span: SourceSpan) {
    let open = source.range(of: "⟦")!
    let close = source.range(of: "⟧")!
    let before = String(source[..<open.lowerBound])
    let inside = String(source[open.upperBound..<close.lowerBound])
    let after = String(source[close.upperBound...])
    let start = before.utf8.count
    return (before + inside + after, SourceSpan(start: start, end: start + inside.utf8.count))
}

/// The offset just after the first word `habit` in `line`.
func argumentsStart(of line: String) -> Int {
    let range = line.range(of: "habit")!
    return line.utf8.distance(from: line.utf8.startIndex, to: range.upperBound)
}

/// A fresh directory under the system's temporary directory.
func makeTemporaryDirectory() -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tally-habits-\(UUID().uuidString)").path
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
