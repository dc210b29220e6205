import TallyCalendar
import TallyTestSupport
import Testing

@testable import TallyHabits

/// Loop's streaks, kept as ranges of days, agree with the day-by-day definition on random
/// habits of every target, with skips, pauses and an archive day.
@Suite struct LoopStreakTests {
    /// The streaks as the definition reads: the set of every day counted (done, skipped or inside
    /// one of Loop's intervals, less the pauses, from the start to the last tracked day), then
    /// its runs, whatever the target (the ranges skip the intervals of a daily one).
    static func streaksDayByDay(of habit: Habit, today: CivilDate) -> [ClosedRange<CivilDate>] {
        let last = habit.lastTrackedDay(today: today)
        guard habit.start <= last else { return [] }
        let (times, days) = habit.measure == nil ? habit.target.frequency : (1, 1)
        var isMonthly = false
        if case .perMonth = habit.target, habit.measure == nil { isMonthly = true }
        var done: [Int] = []
        habit.forEachDoneDay(in: habit.start...last) { done.append($0.daysSinceEpoch) }
        let intervals = habit.loopIntervals(times: times, days: days, isMonthly: isMonthly, last: last)
        var counted = Set(done)
        for interval in intervals { counted.formUnion(interval) }
        for day in habit.skippedDays { counted.insert(day.daysSinceEpoch) }
        for pause in habit.pauses {
            counted.subtract(pause.lowerBound.daysSinceEpoch...pause.upperBound.daysSinceEpoch)
        }
        let sorted = counted.filter { $0 >= habit.start.daysSinceEpoch && $0 <= last.daysSinceEpoch }.sorted()
        return Habit.runs(ofSorted: sorted.map { CivilDate(daysSinceEpoch: $0) })
    }

    static let targets: [HabitTarget] = [
        .daily, .everyDays(2), .everyDays(5), .perWeek(1), .perWeek(3), .perWeek(6), .perMonth(1), .perMonth(4),
        .perMonth(12), .timesInDays(times: 2, days: 3), .timesInDays(times: 3, days: 10),
    ]

    @Test(arguments: 0..<120)
    func rangesAgreeWithTheDayByDayDefinition(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let today = pinnedToday
        let start = today.advanced(by: -Int.random(in: 0...400, using: &random))
        let length = start.distance(to: today) + 1
        let density = Double.random(in: 0.05...0.95, using: &random)
        // Pauses first, then days done and skipped outside them.
        var pauses: [ClosedRange<CivilDate>] = []
        var cursor = Int.random(in: 0...length, using: &random)
        while cursor + 3 < length - 1, Bool.random(using: &random) {
            let pauseLength = Int.random(in: 1...20, using: &random)
            let end = Swift.min(cursor + pauseLength, length - 2)
            pauses.append(start.advanced(by: cursor)...start.advanced(by: end))
            cursor = end + Int.random(in: 2...60, using: &random)
        }
        var done = Set<CivilDate>()
        var skipped: [CivilDate] = []
        for offset in 0..<length {
            let day = start.advanced(by: offset)
            guard !pauses.contains(where: { $0.contains(day) }) else { continue }
            let draw = Double.random(in: 0..<1, using: &random)
            if draw < density { done.insert(day) } else if draw < density + 0.05 { skipped.append(day) }
        }
        // Archived on a day of its life, or not: nothing recorded after the archive day.
        let archive: CivilDate? =
            Bool.random(using: &random) ? start.advanced(by: Int.random(in: 0..<length, using: &random)) : nil
        if let archive {
            done = done.filter { $0 <= archive }
            skipped = skipped.filter { $0 <= archive }
            pauses = pauses.filter { $0.upperBound < archive }
        }
        let target = LoopStreakTests.targets[seed % LoopStreakTests.targets.count]
        let habit = try Habit(
            restoring: .random(), name: "Read", start: start, archiveDay: archive, daysDone: done.sorted(),
            target: target, skippedDays: skipped, pauses: pauses)
        #expect(
            habit.loopStreaks(today: today) == LoopStreakTests.streaksDayByDay(of: habit, today: today),
            "seed \(seed), \(target)")
        #expect(HabitSummary(habit).loopStreaks(today: today) == habit.loopStreaks(today: today))
    }
}
