import Foundation
import TallyCalendar
import TallyDiagnostics

@testable import TallyHabits

/// The day written as `YYYY-MM-DD`; the tests only write valid days.
func day(_ text: String) -> CivilDate {
    try! CivilDate.parse(text)
}

/// The "today" every test pins, a Sunday.
let pinnedToday = day("2026-11-29")

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
