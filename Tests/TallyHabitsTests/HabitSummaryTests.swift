import Testing

@testable import TallyHabits

/// A summary holds to a habit's rules and answers what `habit list` asks as the habit would.
@Suite struct HabitSummaryTests {
    let start = day("2026-11-01")
    let today = pinnedToday

    @Test(
        arguments: [
            ("  ", nil, nil, nil, .emptyName),
            (
                "Read", "2026-10-31", nil, nil,
                .archiveBeforeStart(habit: "Read", day: day("2026-10-31"), start: day("2026-11-01"))
            ),
            (
                "Read", nil, "2026-10-30", "2026-11-02",
                .beforeStart(habit: "Read", day: day("2026-10-30"), start: day("2026-11-01"))
            ),
            (
                "Read", "2026-11-10", "2026-11-02", "2026-11-11",
                .doneAfterArchive(habit: "Read", done: day("2026-11-11"), archived: day("2026-11-10"))
            ),
        ] as [(String, String?, String?, String?, HabitError)])
    func restoringChecksTheSameRulesAsAHabit(
        name: String, archive: String?, firstDone: String?, lastDone: String?, error: HabitError
    ) {
        #expect(throws: error) {
            try HabitSummary(
                restoring: .random(), name: name, start: start, archiveDay: archive.map(day), target: .daily,
                completionCount: 2,
                runs: [firstDone, lastDone].compactMap { $0.map(day) }.map { $0...$0 }.reduce(into: []) { runs, run in
                    if runs.last != run { runs.append(run) }
                }, skippedDays: [], pauses: [])
        }
        // The same rules, the same errors, as a whole habit with those first and last days.
        #expect(throws: error) {
            try Habit(
                restoring: .random(), name: name, start: start, archiveDay: archive.map(day),
                completions: Set([firstDone, lastDone].compactMap { $0.map(day) }))
        }
    }

    @Test(
        arguments: [
            ([], nil),
            (["2026-11-02", "2026-11-03", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-28", "2026-11-29"], nil),
            (["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-27"], nil),
            (["2026-11-05", "2026-11-06", "2026-11-07", "2026-11-08", "2026-11-09", "2026-11-10"], "2026-11-10"),
            (["2026-11-05", "2026-11-06", "2026-11-09"], "2026-11-10"),
            (["2026-11-01", "2026-11-25"], "2026-11-26"),
        ] as [([String], String?)])
    func aSummaryAnswersWhatTheListAsksAsTheHabitWould(days: [String], archived: String?) throws {
        let habit = try Habit(
            restoring: .random(), name: "Read", start: start, archiveDay: archived.map(day),
            completions: Set(days.map(day)))
        let summary = HabitSummary(habit)
        #expect(summary.completionCount == days.count)
        #expect(summary.currentStreak(today: today) == habit.currentStreak(today: today))
        #expect(summary.strength(today: today) == habit.strength(today: today))
        #expect(summary.longestStreak(today: today) == habit.longestStreak(today: today))
        for offset in -6...0 {
            let shown = today.advanced(by: offset)
            #expect(summary.isDone(on: shown) == habit.isDone(on: shown), "\(shown)")
        }
        #expect(summary.runs == habit.completionRuns)
    }
}
