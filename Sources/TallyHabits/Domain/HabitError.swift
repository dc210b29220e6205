import TallyCalendar

/// A habit rule that an action or a stored row would break.
///
/// Each case carries the habit's name (as given, before any trimming) and, where a day is at
/// stake, the day, so the message can name both.
public enum HabitError: Error, Sendable, Equatable {
    /// The name is empty once surrounding white space is removed.
    case emptyName
    /// The name contains a control character, which could rewrite the terminal when printed.
    case controlCharacterInName(name: String)
    /// The name contains a character that draws nothing or reorders the text (U+200B, U+202E,
    /// U+FEFF, …), so two names that look the same could be two habits.
    case invisibleCharacterInName(name: String, character: Unicode.Scalar)
    /// The name is longer than ``Habit/maximumNameLength`` characters.
    case nameTooLong(name: String, length: Int)
    /// Another habit already has this name, ignoring case.
    case duplicateName(name: String, existing: String)
    /// No habit has this name, ignoring case.
    case notFound(name: String)
    /// The habit would start after today.
    case startInFuture(habit: String, start: CivilDate, today: CivilDate)
    /// The day comes before the habit's start.
    case beforeStart(habit: String, day: CivilDate, start: CivilDate)
    /// The day comes after today.
    case inFuture(habit: String, day: CivilDate, today: CivilDate)
    /// The day comes after the day the habit was archived.
    case afterArchive(habit: String, day: CivilDate, archived: CivilDate)
    /// The day is already recorded as done.
    case alreadyDone(habit: String, day: CivilDate)
    /// The day is not recorded as done, so there is nothing to undo.
    case notDone(habit: String, day: CivilDate)
    /// The habit is already archived.
    case alreadyArchived(habit: String, archived: CivilDate)
    /// The habit is not archived, so there is nothing to restore.
    case notArchived(habit: String)
    /// The archive day would come before the start.
    case archiveBeforeStart(habit: String, day: CivilDate, start: CivilDate)
    /// The day falls in a pause (between an archive day and a restore).
    case inPause(habit: String, day: CivilDate, pause: ClosedRange<CivilDate>)
    /// Skipping a day already done.
    case skipOnDayDone(habit: String, day: CivilDate)
    /// Skipping a day already skipped.
    case alreadySkipped(habit: String, day: CivilDate)
    /// A target written in the right shape with a number out of range.
    case invalidTarget(text: String, reason: String)
    /// A start moved after a day done.
    case startAfterDone(habit: String, start: CivilDate, firstDone: CivilDate)
    /// A note that is empty once trimmed.
    case emptyNote
    /// A note holding a control character.
    case controlCharacterInNote
    /// A note over the length limit.
    case noteTooLong(length: Int)
    /// A stored habit holds the same day done twice, which only a damaged file can.
    case dayStoredTwice(habit: String, day: CivilDate)
    /// The habit was done on `done`, after the archive day `archived`.
    case doneAfterArchive(habit: String, done: CivilDate, archived: CivilDate)
    /// A measure (unit, goal, amount or period) out of range.
    case invalidMeasure(text: String, reason: String)
    /// `done` without an amount on a habit that measures one.
    case amountNeeded(habit: String, measure: HabitMeasure)
    /// An amount given for a habit that is only done or not.
    case notMeasured(habit: String)
    /// A day's total would pass ``HabitMeasure/maximumAmount``.
    case amountOverLimit(habit: String, day: CivilDate)
    /// A place in the order that is not 1 or more.
    case invalidPosition(habit: String, position: Int)

    /// One sentence for a person, lower-case first word, no final period.
    public var message: String {
        switch self {
        case .emptyName:
            return "a habit name cannot be empty"
        case .controlCharacterInName(let name):
            return "the habit name \(MessageText.quoted(name)) contains a control character"
        case .invisibleCharacterInName(let name, let character):
            return
                "the habit name \(MessageText.quoted(Habit.showingInvisible(name))) contains \(Habit.describe(character)), "
                + "an invisible or text-direction character; a name may hold only visible characters and spaces"
        case .nameTooLong(let name, let length):
            return "the habit name '\(String(name.prefix(20)))…' is \(length) characters long; "
                + "the limit is \(Habit.maximumNameLength)"
        case .duplicateName(_, let existing):
            return "a habit named \(MessageText.quoted(existing)) already exists"
        case .notFound(let name):
            return "there is no habit named \(MessageText.quoted(name))"
        case .startInFuture(let habit, let start, let today):
            return "\(MessageText.quoted(habit)) cannot start on \(start), which is after today (\(today))"
        case .beforeStart(let habit, let day, let start):
            return "\(day) is before \(MessageText.quoted(habit)) started on \(start)"
        case .inFuture(let habit, let day, let today):
            return "\(day) is in the future for \(MessageText.quoted(habit)); today is \(today)"
        case .afterArchive(let habit, let day, let archived):
            return "\(day) is after \(MessageText.quoted(habit)) was archived on \(archived)"
        case .alreadyDone(let habit, let day):
            return "\(MessageText.quoted(habit)) was already done on \(day)"
        case .notDone(let habit, let day):
            return "\(MessageText.quoted(habit)) was neither done nor skipped on \(day), so there is nothing to undo"
        case .alreadyArchived(let habit, let archived):
            return "\(MessageText.quoted(habit)) is already archived (on \(archived))"
        case .notArchived(let habit):
            return "\(MessageText.quoted(habit)) is not archived"
        case .archiveBeforeStart(let habit, let day, let start):
            return "\(MessageText.quoted(habit)) cannot be archived on \(day), before it started on \(start)"
        case .inPause(let habit, let day, let pause):
            return "\(MessageText.quoted(habit)) was archived from \(pause.lowerBound.advanced(by: -1)) until "
                + "\(pause.upperBound.advanced(by: 1)), so \(day) cannot be recorded"
        case .skipOnDayDone(let habit, let day):
            return "\(MessageText.quoted(habit)) was done on \(day); undo it before skipping the day"
        case .alreadySkipped(let habit, let day):
            return "\(MessageText.quoted(habit)) was already skipped on \(day)"
        case .invalidTarget(let text, let reason):
            return "\(MessageText.quoted(text)) is not a target: \(reason)"
        case .startAfterDone(let habit, let start, let firstDone):
            return "\(MessageText.quoted(habit)) cannot start on \(start), after its history begins on \(firstDone)"
        case .emptyNote:
            return "a note cannot be empty"
        case .controlCharacterInNote:
            return "a note cannot contain control characters"
        case .noteTooLong(let length):
            return "the note is \(length) characters long; the limit is \(Habit.maximumNoteLength)"
        case .dayStoredTwice(let habit, let day):
            return "\(MessageText.quoted(habit)) has the day \(day) stored twice"
        case .doneAfterArchive(let habit, let done, let archived):
            return "\(MessageText.quoted(habit)) was done on \(done), after its archive day \(archived)"
        case .invalidMeasure(let text, let reason):
            return "\(MessageText.quoted(text)) is not a measure: \(reason)"
        case .amountNeeded(let habit, let measure):
            let unit = measure.unit.isEmpty ? "an amount" : "the \(MessageText.quoted(measure.unit))"
            return "\(MessageText.quoted(habit)) measures \(unit) of each day; give the amount: "
                + "habit done \(HabitCommandLine.quotedForInput(habit) ?? habit) 1"
        case .notMeasured(let habit):
            return "\(MessageText.quoted(habit)) is done or not, with no amount; "
                + "a habit with an amount is added as: habit add NAME 8 glasses per day"
        case .invalidPosition(let habit, let position):
            return "\(MessageText.quoted(habit)) cannot move to place \(position); places start at 1"
        case .amountOverLimit(let habit, let day):
            return "\(MessageText.quoted(habit)) would hold more than \(HabitMeasure.maximumAmount) on \(day)"
        }
    }
}
