import TallyCalendar
import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyHabits

/// On 1,000 random histories (every target, measured or not, with skips, pauses and an archive
/// day) the numbers of `show`, `list`, `today`, `log` and their JSON agree with each other and
/// with the rules: a streak never starts before a day done, nor outside the habit's days; the
/// current streak is at most the longest; a daily habit's streaks are Loop's.
@Suite struct HabitNumbersAgreeTests {
    static let targets: [HabitTarget] = [
        .daily, .everyDays(3), .perWeek(1), .perWeek(3), .perMonth(2), .timesInDays(times: 3, days: 10),
    ]

    /// A random habit: started up to 400 days ago, done, skipped and paused at random, maybe
    /// archived, maybe measured (per day or per week).
    static func randomHabit(seed: Int) throws -> Habit {
        var random = SplitMix64(seed: UInt64(seed) &+ 7_919)
        let today = pinnedToday
        let start = today.advanced(by: -Int.random(in: 0...400, using: &random))
        let length = start.distance(to: today) + 1
        var pauses: [ClosedRange<CivilDate>] = []
        var cursor = Int.random(in: 0...length, using: &random)
        while cursor + 3 < length - 1, Bool.random(using: &random) {
            let end = Swift.min(cursor + Int.random(in: 1...20, using: &random), length - 2)
            pauses.append(start.advanced(by: cursor)...start.advanced(by: end))
            cursor = end + Int.random(in: 2...60, using: &random)
        }
        let archive: CivilDate? =
            Int.random(in: 0..<4, using: &random) == 0
            ? start.advanced(by: Int.random(in: 0..<length, using: &random)) : nil
        let measured = Int.random(in: 0..<4, using: &random) == 0
        let target = measured ? [HabitTarget.daily, .perWeek(1)][seed % 2] : targets[seed % targets.count]
        let density = Double.random(in: 0.1...0.95, using: &random)
        var done: [CivilDate] = []
        var skipped: [CivilDate] = []
        var amounts: [CivilDate: Int] = [:]
        for offset in 0..<length {
            let day = start.advanced(by: offset)
            guard !pauses.contains(where: { $0.contains(day) }), archive.map({ day <= $0 }) ?? true else { continue }
            let draw = Double.random(in: 0..<1, using: &random)
            if draw < density {
                if measured { amounts[day] = Int.random(in: 1...9, using: &random) * 1000 } else { done.append(day) }
            } else if draw < density + 0.05 {
                skipped.append(day)
            }
        }
        pauses = pauses.filter { pause in archive.map { pause.upperBound < $0 } ?? true }
        let measure =
            measured ? try HabitMeasure(unit: "km", goal: target.isDaily ? 5000 : 15_000, kind: .atLeast) : nil
        return try Habit(
            restoring: .random(), name: "Habit \(seed)", start: start, archiveDay: archive, daysDone: done,
            target: target, skippedDays: skipped, pauses: pauses, measure: measure, amounts: amounts)
    }

    @Test(arguments: 0..<1000)
    func numbersAgree(seed: Int) throws {
        let habit = try Self.randomHabit(seed: seed)
        let today = pinnedToday
        let summary = HabitSummary(habit)
        let streaks = habit.streaks(today: today)
        let longest = streaks.all.map(\.length).max() ?? 0
        let context = "seed \(seed), \(habit.targetText)"

        // A summary (list, today, log) counts as the whole habit (show) does.
        #expect(summary.streaks(today: today).all == streaks.all, "\(context)")
        #expect(summary.streaks(today: today).current == streaks.current, "\(context)")
        #expect(summary.completionRate(today: today) == habit.completionRate(today: today), "\(context)")
        #expect(summary.openDays(today: today) == habit.openDays(today: today), "\(context)")

        // The text and the JSON of each view say the same numbers.
        let shown = HabitDetailView(today: today).render(habit).plainText
        #expect(shown.contains("current streak  \(habit.periods(streaks.current))\n"), "\(context)")
        #expect(shown.contains("longest streak  \(habit.periods(longest))\n"), "\(context)")
        let numbers = "\"current_streak\":\(streaks.current),\"longest_streak\":\(longest),"
        #expect(HabitViewData.show(habit, today: today).encoded.contains(numbers), "\(context)")
        #expect(HabitViewData.list([summary], today: today).encoded.contains(numbers), "\(context)")
        let row = HabitListView(today: today).render([summary]).plainText.split(separator: "\n")[1]
        #expect(row.contains("  \(habit.periods(streaks.current))  "), "\(context): \(row)")

        // The log's last seven marks are the list's.
        let week = (-6...0).map { "\"\(DayMark(habit: summary, day: today.advanced(by: $0), today: today).word)\"" }
        let log = HabitLogView.data([summary], days: HabitLogView(today: today).days(7), today: today)
        #expect(log.encoded.contains("\"marks\":[" + week.joined(separator: ",") + "]"), "\(context)")
        #expect(
            HabitViewData.list([summary], today: today).encoded.contains(
                "\"last_7_days\":[" + week.joined(separator: ",")))

        // Today's open days are days the views draw as not done.
        for day in habit.openDays(today: today) {
            #expect(DayMark(habit: habit, day: day, today: today) == .missed, "\(context): \(day)")
        }

        // The rules of a streak.
        #expect(streaks.current <= longest, "\(context)")
        let last = habit.lastTrackedDay(today: today)
        let firstDone = habit.daysDone.first
        for streak in streaks.all {
            #expect(streak.days.lowerBound >= habit.start && streak.days.upperBound <= last, "\(context)")
            #expect(firstDone.map { streak.days.lowerBound >= $0 || habit.isSkipped(streak.days.lowerBound) } ?? false)
            #expect(habit.doneCount(in: streak.days) > 0, "\(context): \(streak)")
            #expect(habit.isDone(on: streak.days.lowerBound) || habit.isSkipped(streak.days.lowerBound))
        }
        let (met, _) = habit.completionRate(today: today)
        let skippedPeriods = habit.periodOutcomes(today: today).filter { period, outcome in
            outcome == .excused && habit.skippedDays.contains { period.contains($0) }
        }.count
        #expect(longest <= met + skippedPeriods, "\(context)")

        // The daily shortcuts say what the period-by-period rule says.
        #expect(habit.completionRate(today: today) == habit.periodCompletion(today: today), "\(context)")
        let byPeriods = habit.periodStreaks(today: today)
        #expect(byPeriods.all == streaks.all && byPeriods.current == streaks.current, "\(context)")

        // A daily habit's streaks are Loop's: its runs of days done or skipped that hold a day done.
        if habit.target.isDaily, habit.pauses.isEmpty {
            let loop = habit.loopStreaks(today: today).filter { habit.doneCount(in: $0) > 0 }
            #expect(streaks.all.map(\.days) == loop, "\(context)")
            #expect(streaks.all.map(\.length) == loop.map(\.count), "\(context)")
        }
    }
}
