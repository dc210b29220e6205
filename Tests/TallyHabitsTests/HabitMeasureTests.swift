import Foundation
import Testing

@testable import TallyHabits

/// Measurable habits: the measure's grammar and amounts, the days done derived from amounts,
/// and the store keeping them (schema version 5).
@Suite struct HabitMeasureTests {
    @Test(arguments: [
        ("8 glasses per day", "8 glasses per day", HabitTarget.daily),
        ("at least 15 km per week", "15 km per week", .perWeek(1)),
        ("at most 2 cups per day", "at most 2 cups per day", .daily),
        ("AT MOST 2.5 big cups PER Month", "at most 2.5 big cups per month", .perMonth(1)),
        ("50 per 3 days", "50 per 3 days", .everyDays(3)),
        ("0.125 l per 1 day", "0.125 l per day", .daily),
    ])
    func measuresReadAsTyped(text: String, shown: String, period: HabitTarget) throws {
        let (measure, target) = try #require(try HabitMeasure.parse(text.split(separator: " ").map(String.init)))
        #expect(target == period)
        #expect(measure.targetText(target) == shown)
    }

    @Test(arguments: ["daily", "3/week", "8 glasses", "at 8 glasses per day", "x per day", "8 glasses per fortnight"])
    func otherWordsAreNoMeasure(text: String) throws {
        #expect(try HabitMeasure.parse(text.split(separator: " ").map(String.init)) == nil)
    }

    @Test func amountsAreExactThousandths() throws {
        #expect(try HabitMeasure.parseAmount("2.5") == 2500)
        #expect(try HabitMeasure.parseAmount("0.125") == 125)
        #expect(try HabitMeasure.parseAmount("007") == 7000)
        #expect(try HabitMeasure.parseAmount("1000000000") == 1_000_000_000_000)
        #expect(try HabitMeasure.parseAmount("-1") == nil)
        #expect(try HabitMeasure.parseAmount("1e3") == nil)
        #expect(try HabitMeasure.parseAmount(".5") == nil)
        #expect(throws: HabitError.self) { try HabitMeasure.parseAmount("1.2345") }
        #expect(throws: HabitError.self) { try HabitMeasure.parseAmount("1000000001") }
        #expect(throws: HabitError.self) { try HabitMeasure.parseAmount("99999999999999999999999") }
        #expect(HabitMeasure.amountText(2500) == "2.5")
        #expect(HabitMeasure.amountText(125) == "0.125")
        #expect(HabitMeasure.amountText(10) == "0.01")
        #expect(HabitMeasure.amountText(7000) == "7")
    }

    /// A day is done when its goal is met; a week's at-least goal is met on the day the total
    /// reaches it, an at-most week's days are done while the whole week stays under it.
    @Test func daysDoneComeFromAmounts() throws {
        let weekly = try HabitMeasure(unit: "km", goal: 15_000, kind: .atLeast)
        var run = try Habit(
            name: "Run", start: day("2026-11-16"), today: pinnedToday, target: .perWeek(1), measure: weekly)
        try run.record(10_000, on: day("2026-11-17"), today: pinnedToday, replacing: false)
        try run.record(6_000, on: day("2026-11-19"), today: pinnedToday, replacing: false)
        try run.record(20_000, on: day("2026-11-21"), today: pinnedToday, replacing: false)
        try run.record(14_999, on: day("2026-11-24"), today: pinnedToday, replacing: false)
        #expect(run.daysDone == [day("2026-11-19")])
        let atMost = try HabitMeasure(unit: "cups", goal: 2_000, kind: .atMost)
        var coffee = try Habit(
            name: "Coffee", start: day("2026-11-16"), today: pinnedToday, target: .perWeek(1), measure: atMost)
        try coffee.record(1_000, on: day("2026-11-17"), today: pinnedToday, replacing: false)
        try coffee.record(2_000, on: day("2026-11-18"), today: pinnedToday, replacing: false)
        try coffee.record(0, on: day("2026-11-24"), today: pinnedToday, replacing: false)
        #expect(coffee.daysDone == [day("2026-11-24")])
        #expect(throws: HabitError.amountNeeded(habit: "Coffee", measure: atMost)) {
            try coffee.markDone(on: pinnedToday, today: pinnedToday)
        }
        #expect(try coffee.undo(on: day("2026-11-18")) == .done)
        #expect(coffee.daysDone == [day("2026-11-17"), day("2026-11-24")])
        #expect(throws: HabitError.skipOnDayDone(habit: "Coffee", day: day("2026-11-24"))) {
            try coffee.skip(on: day("2026-11-24"), today: pinnedToday)
        }
    }

    /// A day's total stays within the limit; a habit done or not takes no amount.
    @Test func amountsAreBounded() throws {
        let measure = try HabitMeasure(unit: "", goal: 1_000, kind: .atLeast)
        var habit = try Habit(name: "X", start: pinnedToday, today: pinnedToday, measure: measure)
        try habit.record(HabitMeasure.maximumAmount * 1000, on: pinnedToday, today: pinnedToday, replacing: false)
        #expect(throws: HabitError.amountOverLimit(habit: "X", day: pinnedToday)) {
            try habit.record(1, on: pinnedToday, today: pinnedToday, replacing: false)
        }
        var plain = try Habit(name: "Y", start: pinnedToday, today: pinnedToday)
        #expect(throws: HabitError.notMeasured(habit: "Y")) {
            try plain.record(1, on: pinnedToday, today: pinnedToday, replacing: false)
        }
        #expect(throws: HabitError.self) {
            try HabitMeasure(unit: String(repeating: "u", count: 31), goal: 1, kind: .atMost)
        }
        #expect(throws: HabitError.self) { try HabitMeasure(unit: "a\u{7}b", goal: 1, kind: .atMost) }
    }

    /// The store keeps the measure and amounts; an older file migrates to version 5 and reads
    /// its habits as they were; a completion row that disagrees with the amounts is refused.
    @Test func storeKeepsAmountsAndMigrates() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let old = try SQLiteHabitStore(directory: directory, schemaVersion: 4)
            let (start, done) = (day("2026-11-01").daysSinceEpoch, day("2026-11-02").daysSinceEpoch)
            try old.executeForTesting(
                "INSERT INTO habit (id, name, name_key, start_day, target) VALUES (1, 'Read', 'read', \(start), 'daily');"
                    + "INSERT INTO completion (habit_id, day) VALUES (1, \(done))")
        }
        let store = try SQLiteHabitStore(directory: directory)
        #expect(try store.schemaVersionForTesting() == 5)
        #expect(try store.habit(withNameKey: "read")?.daysDone == [day("2026-11-02")])
        let measure = try HabitMeasure(unit: "glasses", goal: 8_000, kind: .atLeast)
        _ = try AddHabit(repository: store).execute(
            name: "Water", start: day("2026-11-20"), today: pinnedToday, measure: measure)
        let enter = EnterAmount(repository: store)
        _ = try enter.execute(name: "water", amount: 3_000, replacing: false, day: pinnedToday, today: pinnedToday)
        _ = try enter.execute(name: "water", amount: 5_500, replacing: false, day: pinnedToday, today: pinnedToday)
        _ = try enter.execute(name: "water", amount: 2_000, replacing: true, day: day("2026-11-28"), today: pinnedToday)
        let water = try #require(try store.habit(withNameKey: "water"))
        #expect(water.measure == measure)
        #expect(water.amounts == [pinnedToday: 8_500, day("2026-11-28"): 2_000])
        #expect(water.daysDone == [pinnedToday])
        let summary = try #require(try store.summaries(today: pinnedToday).first { $0.name == "Water" })
        #expect(summary.amounts == water.amounts)
        #expect(summary.strength(today: pinnedToday) == water.strength(today: pinnedToday))
        try store.executeForTesting("DELETE FROM amount WHERE day = \(pinnedToday.daysSinceEpoch)")
        #expect(throws: HabitStoreError.self) { try store.habit(withNameKey: "water") }
    }
}
