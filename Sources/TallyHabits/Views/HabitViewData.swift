import TallyCalendar
import TallyDiagnostics

/// What `habit list`, `habit today` and `habit show` show, as JSON for `--json` (docs/json.md):
/// each habit's data rather than its table row, so a script need not read the text.
public enum HabitViewData {
    /// The value JSON output is built of (qualified: the import reader has a tree of its own).
    typealias JSON = TallyDiagnostics.JSONValue

    /// `{"habits": [...]}` for `list` and `today`: one object per habit, in the order shown.
    static func list(_ habits: [HabitSummary], today: CivilDate) -> JSON {
        .array(habits.map { summary($0, today: today) })
    }

    /// A habit's fields that every view has.
    private static func common(_ habit: some TrackedHabit, name: String, today: CivilDate) -> [JSONMember] {
        let streaks = habit.streaks(today: today)
        var members = [
            JSONMember("name", .string(name)), JSONMember("target", .string(habit.targetText)),
            JSONMember("since", .string(habit.start.description)),
            JSONMember("archived", .string(orNull: habit.archiveDay?.description)),
            JSONMember("current_streak", .integer(streaks.current)),
            JSONMember("longest_streak", .integer(streaks.all.map(\.length).max() ?? 0)),
            JSONMember("streak_unit", .string(habit.target.periodName)),
            JSONMember("strength", number(percent(habit.strength(today: today)))),
        ]
        if let measure = habit.measure {
            members += [
                JSONMember("unit", .string(measure.unit)), JSONMember("goal", amount(measure.goal)),
                JSONMember("goal_kind", .string(measure.kind.rawValue)),
                JSONMember("period_total", amount(habit.periodTotal(today: today))),
            ]
        }
        return members
    }

    /// One habit of `list` or `today`: its fields, total days done, the last 7 days' marks and
    /// the days still open.
    private static func summary(_ habit: HabitSummary, today: CivilDate) -> JSON {
        var members = common(habit, name: habit.name, today: today)
        members.append(JSONMember("total", .integer(habit.completionCount)))
        let week = (-6...0).map { DayMark(habit: habit, day: today.advanced(by: $0), today: today) }
        members.append(JSONMember("last_7_days", .array(week.map { .string($0.word) })))
        members.append(JSONMember("open_days", .array(habit.openDays(today: today).map { .string($0.description) })))
        if let position = habit.position { members.append(JSONMember("position", .integer(position))) }
        return .object(members)
    }

    /// `habit show`: every field, and the whole history (days done, skipped, amounts, notes),
    /// the best streaks and the completion.
    static func show(_ habit: Habit, today: CivilDate) -> JSON {
        var members = common(habit, name: habit.name, today: today)
        if let description = habit.habitDescription {
            members.append(JSONMember("description", .string(description)))
        }
        let rate = habit.completionRate(today: today)
        let streaks = habit.bestStreaks(today: today, limit: HabitDetailView.bestStreaksShown).map { streak in
            JSON.object([
                JSONMember("from", .string(streak.days.lowerBound.description)),
                JSONMember("to", .string(streak.days.upperBound.description)),
                JSONMember("length", .integer(streak.length)),
            ])
        }
        members += [
            JSONMember("total", .integer(habit.daysDone.count)),
            JSONMember(
                "completion",
                .object([
                    JSONMember("met", .integer(rate.met)), JSONMember("judged", .integer(rate.judged)),
                    JSONMember("period", .string(habit.target.periodName)),
                ])),
            JSONMember("best_streaks", .array(streaks)),
            JSONMember("done", .array(habit.daysDone.map { .string($0.description) })),
            JSONMember("skipped", .array(habit.skippedDays.map { .string($0.description) })),
        ]
        if habit.measure != nil {
            let amounts = habit.amounts.sorted { $0.key < $1.key }.map {
                JSONMember($0.key.description, amount($0.value))
            }
            members.append(JSONMember("amounts", .object(amounts)))
        }
        let notes = habit.notes.sorted { $0.key < $1.key }.map { JSONMember($0.key.description, .string($0.value)) }
        members.append(JSONMember("notes", .object(notes)))
        return .object(members)
    }

    /// An amount in thousandths, as its decimal number.
    static func amount(_ thousandths: Int) -> JSON { number(HabitMeasure.amountText(thousandths)) }

    /// A number written as `text`, which the views always write as a JSON number.
    static func number(_ text: String) -> JSON { .number(text: text) ?? .string(text) }

    /// A score from 0 to 1 as a percentage with two decimals, rounded half up: `65.57`.
    static func percent(_ score: Double) -> String {
        let hundredths = Int((score * 10_000).rounded(.toNearestOrAwayFromZero))
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
