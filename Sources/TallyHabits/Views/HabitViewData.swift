import TallyCalendar
import TallyDiagnostics

/// What `habit list`, `habit today` and `habit show` show, as JSON for `--json` (docs/json.md):
/// each habit's data rather than its table row, so a script need not read the text.
public enum HabitViewData {
    /// `{"habits": [...]}` for `list` and `today`: one object per habit, in the order shown.
    static func list(_ habits: [HabitSummary], today: CivilDate) -> String {
        "[" + habits.map { summary($0, today: today) }.joined(separator: ",") + "]"
    }

    /// A habit's fields that every view has, as `"key":value` members.
    private static func common(_ habit: some TrackedHabit, name: String, today: CivilDate) -> [String] {
        let streaks = habit.streaks(today: today)
        var members = [
            "\"name\":\(JSONText.string(name))", "\"target\":\(JSONText.string(habit.targetText))",
            "\"since\":\"\(habit.start)\"",
            "\"archived\":" + (habit.archiveDay.map { "\"\($0)\"" } ?? "null"),
            "\"current_streak\":\(streaks.current)",
            "\"longest_streak\":\(streaks.all.map(\.length).max() ?? 0)",
            "\"streak_unit\":\"\(habit.target.periodName)\"",
            "\"strength\":\(percent(habit.strength(today: today)))",
        ]
        if let measure = habit.measure {
            members += [
                "\"unit\":\(JSONText.string(measure.unit))", "\"goal\":\(HabitMeasure.amountText(measure.goal))",
                "\"goal_kind\":\"\(measure.kind.rawValue)\"",
            ]
            members.append("\"period_total\":\(HabitMeasure.amountText(habit.periodTotal(today: today)))")
        }
        return members
    }

    /// One habit of `list` or `today`: its fields, total days done and the last 7 days' marks.
    private static func summary(_ habit: HabitSummary, today: CivilDate) -> String {
        var members = common(habit, name: habit.name, today: today)
        members.append("\"total\":\(habit.completionCount)")
        let week = (-6...0).map { DayMark(habit: habit, day: today.advanced(by: $0), today: today) }
        members.append("\"last_7_days\":[" + week.map { "\"\($0.word)\"" }.joined(separator: ",") + "]")
        let open = habit.openDays(today: today).map { "\"\($0)\"" }
        members.append("\"open_days\":[" + open.joined(separator: ",") + "]")
        if let position = habit.position { members.append("\"position\":\(position)") }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// `habit show`: every field, and the whole history (days done, skipped, amounts, notes),
    /// the best streaks and the completion.
    static func show(_ habit: Habit, today: CivilDate) -> String {
        var members = common(habit, name: habit.name, today: today)
        if let description = habit.habitDescription {
            members.append("\"description\":\(JSONText.string(description))")
        }
        let rate = habit.completionRate(today: today)
        members += [
            "\"total\":\(habit.daysDone.count)",
            "\"completion\":{\"met\":\(rate.met),\"judged\":\(rate.judged),\"period\":\"\(habit.target.periodName)\"}",
            "\"best_streaks\":["
                + habit.bestStreaks(today: today, limit: HabitDetailView.bestStreaksShown)
                .map { "{\"from\":\"\($0.days.lowerBound)\",\"to\":\"\($0.days.upperBound)\",\"length\":\($0.length)}" }
                .joined(separator: ",") + "]",
            "\"done\":[" + habit.daysDone.map { "\"\($0)\"" }.joined(separator: ",") + "]",
            "\"skipped\":[" + habit.skippedDays.map { "\"\($0)\"" }.joined(separator: ",") + "]",
        ]
        if habit.measure != nil {
            members.append(
                "\"amounts\":{"
                    + habit.amounts.sorted { $0.key < $1.key }
                    .map { "\"\($0.key)\":\(HabitMeasure.amountText($0.value))" }.joined(separator: ",") + "}")
        }
        members.append(
            "\"notes\":{"
                + habit.notes.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\(JSONText.string($0.value))" }
                .joined(separator: ",") + "}")
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A score from 0 to 1 as a percentage with two decimals, rounded half up: `65.57`.
    static func percent(_ score: Double) -> String {
        let hundredths = Int((score * 10_000).rounded(.toNearestOrAwayFromZero))
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
