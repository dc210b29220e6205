import Foundation
import Testing

@testable import TallyHabits

/// `habit move` and `habit describe` on the SQLite store: the order `list` shows, a habit added
/// after a move, descriptions kept and removed, and a stored place below 1 refused.
@Suite struct HabitOrderTests {
    @Test func movingPutsEveryHabitInPlace() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try SQLiteHabitStore(directory: directory)
        for name in ["Read", "Gym", "Walk"] {
            _ = try AddHabit(repository: store).execute(name: name, start: pinnedToday, today: pinnedToday)
        }
        let list = ListHabits(repository: store)
        #expect(try list.execute(includeArchived: true, today: pinnedToday).map(\.name) == ["Gym", "Read", "Walk"])
        let move = MoveHabit(repository: store)
        #expect(try move.execute(name: "walk", position: 1, today: pinnedToday).position == 1)
        #expect(try list.execute(includeArchived: true, today: pinnedToday).map(\.name) == ["Walk", "Gym", "Read"])
        #expect(try move.execute(name: "walk", position: 99, today: pinnedToday).position == 3)
        _ = try AddHabit(repository: store).execute(name: "Apnea", start: pinnedToday, today: pinnedToday)
        #expect(
            try list.execute(includeArchived: true, today: pinnedToday).map(\.name) == ["Gym", "Read", "Walk", "Apnea"])
        #expect(try store.habit(withNameKey: "apnea")?.position == 4)
        #expect(throws: HabitError.invalidPosition(habit: "Gym", position: 0)) {
            try move.execute(name: "gym", position: 0, today: pinnedToday)
        }
        let describe = DescribeHabit(repository: store)
        #expect(
            try describe.execute(name: "gym", text: "  Lift, then stretch ").habitDescription == "Lift, then stretch")
        #expect(try store.habit(withNameKey: "gym")?.habitDescription == "Lift, then stretch")
        #expect(throws: HabitError.controlCharacterInNote) { try describe.execute(name: "gym", text: "a\u{1B}[2Jb") }
        #expect(try describe.execute(name: "gym", text: "").habitDescription == nil)
        try store.executeForTesting("UPDATE habit SET position = NULL WHERE name = 'Gym'")
        #expect(
            try list.execute(includeArchived: true, today: pinnedToday).map(\.name) == ["Read", "Walk", "Apnea", "Gym"])
    }
}
