import TallyCalendar

/// Turns the rows of a Loop Habit Tracker backup into habits, by the same rules as typed
/// commands: each day goes through ``Habit/markDone(on:today:)``, ``Habit/skip(on:today:)`` or
/// ``Habit/setNote(_:on:today:)``, so a day in the future is refused as `habit done` refuses it.
///
/// A measurable habit's values (Loop keeps them × 1000, as Tally does) go through
/// ``Habit/record(_:on:today:replacing:)``; a question and description become the habit's
/// description. What Loop keeps and Tally does not (colours, reminders, days Loop itself
/// marks done by its own reckoning) is listed in the report, never dropped silently.
enum LoopBackupImport {
    /// Milliseconds in a day: Loop's timestamps are UTC midnights.
    static let millisecondsPerDay: Int64 = 86_400_000

    /// The most rows of days an import reads: five times a backup of 100 habits kept ten years
    /// every day, and a bound on the memory a hostile file can take (about 100 bytes a row).
    static let maximumEntries = 2_000_000

    /// Why a file with more rows is refused.
    static let tooManyEntries =
        "it holds more than \(maximumEntries) rows of days, more than an import reads (a zip bomb or a damaged file?)"

    /// The habits of `backup`, read from the file `path` as of `today`; `notCarried` names what
    /// the file's program keeps of each habit that Tally does not.
    static func report(
        _ backup: LoopBackupDatabase, path: String, today: CivilDate,
        notCarried: String? = "the habits' colours and reminders"
    ) -> HabitImportReport {
        var report = HabitImportReport(habits: [])
        report.renamesDuplicates = true
        report.refused = backup.refused.prefixed("\(path): ")
        // Each habit's rows by their index, in the file's order: a million rows are not copied
        // into arrays of their own.
        var entriesByHabit: [Int64: [Int]] = [:]
        for (index, entry) in backup.entries.enumerated() { entriesByHabit[entry.habit, default: []].append(index) }
        var questions = 0
        // Loop's order (its `position`, then its id) is the order `habit list` shows them in.
        let records = backup.habits.enumerated().sorted {
            ($0.element.position, $0.offset) < ($1.element.position, $1.offset)
        }
        .map(\.element)
        for record in records {
            let place = "\(path): \(record.place)"
            let entries = (entriesByHabit.removeValue(forKey: record.id) ?? []).map { backup.entries[$0] }
            var measure: HabitMeasure?
            if record.isMeasurable {
                do throws(HabitError) {
                    let goal = record.targetValue * Double(HabitMeasure.scale)
                    guard goal.isFinite, goal >= 0, goal <= Double(HabitMeasure.maximumAmount * HabitMeasure.scale),
                        record.frequencyTimes == 1 || record.frequencyTimes >= record.frequencyDays
                    else {
                        throw .invalidMeasure(
                            text: "\(record.targetValue) \(record.unit)",
                            reason: "Tally keeps a goal from 0 to \(HabitMeasure.maximumAmount) once per period")
                    }
                    measure = try HabitMeasure(
                        unit: record.unit, goal: Int(goal.rounded()), kind: record.isAtMost ? .atMost : .atLeast)
                } catch {
                    report.refused.append("\(place): \(error.message); it was not imported")
                    continue
                }
            }
            guard let target = HabitTarget(times: record.frequencyTimes, days: record.frequencyDays) else {
                report.refused.append(
                    "\(place): \(MessageText.quoted(record.name)) has the frequency \(record.frequencyTimes) "
                        + "in \(record.frequencyDays) days, which Tally cannot keep; it was not imported")
                continue
            }
            let days = entries.map { CivilDate(daysSinceEpoch: Int(floorDivision($0.timestamp, millisecondsPerDay))) }
            let recordable = days.filter { CivilDate.supportedDays.contains($0) && $0 <= today }
            let start = recordable.min() ?? today
            var habit: Habit
            do throws(HabitError) {
                habit = try Habit(name: record.name, start: start, today: today, target: target, measure: measure)
            } catch {
                report.refused.append("\(place): \(error.message); it was not imported")
                continue
            }
            // Loop's question and description are one description here.
            let about = [record.question, record.description].filter { !$0.isEmpty }.joined(separator: " — ")
            if !about.isEmpty {
                do throws(HabitError) {
                    try habit.describe(about)
                } catch {
                    questions += 1
                }
            }
            // A measurable habit's amounts are checked one by one as `record` checks them, and
            // taken in together at the end: `record` derives the days done again each time, which
            // over years of days would be quadratic.
            var amounts: [CivilDate: Int] = [:]
            for (entry, day) in zip(entries, days) {
                // Spelled out only for a message: most rows have none.
                func entryPlace() -> String { "\(path): \(entry.place) (\(MessageText.quoted(habit.name)))" }
                guard CivilDate.supportedDays.contains(day) else {
                    report.refused.append("\(entryPlace()): the timestamp \(entry.timestamp) is not a day Tally knows")
                    continue
                }
                do throws(HabitError) {
                    switch entry.value {
                    // A measurable habit's value, × 1000; 3 is Loop's skip, -1 nothing entered.
                    case let value? where measure != nil && value != 3 && value != -1:
                        guard value >= 0 else {
                            report.refused.append("\(entryPlace()): the value \(value) is none Loop writes")
                            continue
                        }
                        try habit.checkRecordable(day, today: today)
                        guard value <= Int64(HabitMeasure.maximumAmount * HabitMeasure.scale) else {
                            throw .amountOverLimit(habit: habit.name, day: day)
                        }
                        // A second value for one day is reported, as a second "done" is; the
                        // first is kept.
                        if let first = amounts[day] {
                            report.refused.append(
                                "\(entryPlace()): \(day) is in the file twice (\(HabitMeasure.amountText(first)) and "
                                    + "\(HabitMeasure.amountText(Int(value))) \(measure!.unit)); the first is kept")
                            continue
                        }
                        // An amount takes the place of a skip, as `habit done` does.
                        if habit.skippedDays.contains(day) { try habit.undo(on: day) }
                        amounts[day] = Int(value)
                    case nil, 2:
                        if try !habit.markDone(on: day, today: today) {
                            report.refused.append("\(entryPlace()): \(day) is in the file twice")
                        }
                    case 3:
                        if amounts[day] != nil { throw .skipOnDayDone(habit: habit.name, day: day) }
                        try habit.skip(on: day, today: today)
                    // Done by Loop's own reckoning (a day a weekly target did not need), not done,
                    // or unknown: nothing a person entered.
                    case 1, 0, -1: break
                    case let value?:
                        report.refused.append("\(entryPlace()): the value \(value) is none Loop writes")
                        continue
                    }
                    if !entry.notes.isEmpty { try habit.setNote(entry.notes, on: day, today: today) }
                } catch {
                    report.refused.append("\(entryPlace()): \(error.message)")
                }
            }
            if !amounts.isEmpty {
                do throws(HabitError) {
                    try habit.restoreAmounts(amounts)
                } catch {
                    report.refused.append("\(path): \(record.place): \(error.message); it was not imported")
                    continue
                }
            }
            if record.isArchived {
                let last = [
                    habit.daysDone.last, habit.amounts.keys.max(), habit.skippedDays.last, habit.notes.keys.max(),
                    habit.start,
                ]
                .compactMap { $0 }.max()!
                try? habit.archive(on: last, today: today)
            }
            habit.position = report.habits.count + 1
            report.habits.append(habit)
        }
        if questions > 0 {
            report.notCarried.append(
                "\(path): the question or description of \(questions == 1 ? "1 habit" : "\(questions) habits") "
                    + "(over \(Habit.maximumNoteLength) characters, or holding control characters)")
        }
        if !backup.habits.isEmpty, let notCarried {
            report.notCarried.append("\(path): \(notCarried)")
        }
        for (habit, indices) in entriesByHabit.sorted(by: { $0.key < $1.key }) {
            report.refused.append(
                "\(path): \(indices.count == 1 ? "1 row" : "\(indices.count) rows") of days "
                    + "(\(backup.entries[indices[0]].place), …) "
                    + "belong to habit id \(habit), which has no habit row")
        }
        return report
    }

    /// `value / divisor` rounded down (Swift's `/` rounds toward zero): days before 1970 are
    /// negative.
    static func floorDivision(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}

extension HabitTarget {
    /// The target of Loop's frequency, `times` in `days` days: `daily` when times reach the
    /// days, `N/week` for 7 days, `N/month` for Loop's month of 30 or 31 days, `every N days`
    /// for once, `X times in Y days` otherwise; nil when Tally cannot keep it.
    init?(times: Int64, days: Int64) {
        guard times >= 1, days >= 1 else { return nil }
        if times >= days {
            self = .daily
            return
        }
        guard days <= Int64(HabitTarget.maximumDays) else { return nil }
        let (times, days) = (Int(times), Int(days))
        switch days {
        case 7: self = .perWeek(times)
        case 30, 31: self = .perMonth(times)
        default: self = times == 1 ? .everyDays(days) : .timesInDays(times: times, days: days)
        }
    }
}
