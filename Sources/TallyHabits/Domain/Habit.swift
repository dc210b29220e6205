import TallyCalendar

/// A habit someone is building: a name, the day it started, possibly the day it was archived,
/// and the days it was done.
///
/// A `Habit` is valid from the moment it exists, whichever path creates it: a person adding one
/// or a store reading a row back. Every rule about a single habit lives here, so use cases only
/// fetch, ask and save. Rules between habits (unique names) are checked here too, given the
/// other habit.
public struct Habit: Sendable, Equatable {
    /// The most characters (grapheme clusters, as a person counts them) a name may have.
    public static let maximumNameLength = 100

    /// The identity, unchanged by renaming.
    public let id: HabitID
    /// The name, trimmed, neither empty nor longer than ``maximumNameLength``, without control
    /// characters.
    public private(set) var name: String
    /// The first day the habit may be done.
    public private(set) var start: CivilDate
    /// The day it was archived: the last day it may be done. Nil while it is active.
    public private(set) var archiveDay: CivilDate?
    /// The days it was done, in ascending order, each once: kept sorted so that the first and
    /// last day, runs and streaks need no sorting and a day is found by binary search. For a
    /// measurable habit, the days its amounts meet the goal (see ``HabitMeasure``), derived
    /// from ``amounts`` by `Habit+Measure.swift` (hence settable within the module).
    public internal(set) var daysDone: [CivilDate]
    /// What a measurable habit measures; nil for a habit that is done or not.
    public private(set) var measure: HabitMeasure?
    /// The habit's question or description (`Did you read 20 pages?`), valid as a note is; nil
    /// for none (set through ``describe(_:)``).
    public internal(set) var habitDescription: String?
    /// The habit's place in `list` and `today` (from 1) once habits were put in order; nil
    /// while ordered by name.
    public internal(set) var position: Int?
    /// A measurable habit's amount for each day one was entered, in thousandths of its unit.
    public internal(set) var amounts: [CivilDate: Int]
    /// How often it is meant to be done.
    public private(set) var target: HabitTarget
    /// The days skipped (rest days: neither done nor missed), ascending, none of them done.
    public internal(set) var skippedDays: [CivilDate]
    /// Each stretch of days between an archive day and a restore: the habit was paused, and
    /// those days are neither done nor missed. Ascending and apart.
    public private(set) var pauses: [ClosedRange<CivilDate>]
    /// A note for some days: text, trimmed, neither empty nor longer than
    /// ``maximumNoteLength``, without control characters.
    public private(set) var notes: [CivilDate: String]

    /// The most characters a note may have.
    public static let maximumNoteLength = 500

    /// A new habit starting on `start`, which may not be after `today`.
    public init(
        name: String, start: CivilDate, today: CivilDate, target: HabitTarget = .daily, measure: HabitMeasure? = nil,
        id: HabitID = .random()
    ) throws(HabitError) {
        let validName = try Habit.validatedName(name)
        guard start <= today else { throw .startInFuture(habit: validName, start: start, today: today) }
        self.id = id
        self.name = validName
        self.start = start
        self.archiveDay = nil
        self.daysDone = []
        self.target = target
        self.skippedDays = []
        self.pauses = []
        self.notes = [:]
        self.measure = measure
        self.amounts = [:]
        self.habitDescription = nil
        self.position = nil
    }

    /// A habit as it was stored, checked against every rule that does not depend on today.
    ///
    /// "Not in the future" is left out on purpose: the clock or time zone may have moved since
    /// the day was recorded, and that must not make the whole store unreadable.
    ///
    /// `daysDone` may come in any order; a store reading them in ascending order saves the sort.
    public init(
        restoring id: HabitID, name: String, start: CivilDate, archiveDay: CivilDate?, daysDone: [CivilDate],
        target: HabitTarget = .daily, skippedDays: [CivilDate] = [], pauses: [ClosedRange<CivilDate>] = [],
        notes: [CivilDate: String] = [:], measure: HabitMeasure? = nil, amounts: [CivilDate: Int] = [:],
        description: String? = nil, position: Int? = nil
    ) throws(HabitError) {
        // By index: ten years of days are checked on every `habit show`.
        var ascending = true
        for index in daysDone.indices.dropFirst() where !(daysDone[index - 1] < daysDone[index]) {
            ascending = false
            break
        }
        let sorted = ascending ? daysDone : daysDone.sorted()
        // A day twice is damage (the schema's key forbids it), not something to smooth over.
        if !ascending, let twice = zip(sorted, sorted.dropFirst()).first(where: { $0 == $1 }) {
            throw .dayStoredTwice(habit: try Habit.validatedStoredName(name), day: twice.0)
        }
        self.id = id
        self.name = try Habit.validatedStored(
            name: name, start: start, archiveDay: archiveDay, firstDone: sorted.first, lastDone: sorted.last)
        self.start = start
        self.archiveDay = archiveDay
        self.daysDone = sorted
        self.target = target
        self.skippedDays = skippedDays.sorted()
        self.pauses = pauses.sorted { $0.lowerBound < $1.lowerBound }
        var validNotes: [CivilDate: String] = [:]
        for (day, text) in notes {
            if day < start { throw .beforeStart(habit: self.name, day: day, start: start) }
            validNotes[day] = try Habit.validatedNote(text)
        }
        self.notes = validNotes
        try Habit.checkStored(
            name: self.name, start: start, archiveDay: archiveDay, skippedDays: self.skippedDays, pauses: self.pauses,
            isDone: { day in Habit.position(of: day, in: sorted).found })
        self.measure = measure
        self.amounts = [:]
        self.habitDescription = try description.map { text throws(HabitError) in try Habit.validatedNote(text) }
        guard position.map({ $0 >= 1 }) ?? true else { throw .invalidPosition(habit: self.name, position: position!) }
        self.position = position
        try restoreAmounts(amounts)
    }

    /// The rules on stored skips and pauses: a skip on or after the start, not on a day done
    /// and not twice; pauses on or after the start, apart, before the archive day, holding no
    /// day done.
    static func checkStored(
        name: String, start: CivilDate, archiveDay: CivilDate?, skippedDays: [CivilDate],
        pauses: [ClosedRange<CivilDate>],
        isDone: (CivilDate) -> Bool
    ) throws(HabitError) {
        for (index, day) in skippedDays.enumerated() {
            if day < start { throw .beforeStart(habit: name, day: day, start: start) }
            if index > 0 && skippedDays[index - 1] == day { throw .dayStoredTwice(habit: name, day: day) }
            if isDone(day) { throw .alreadyDone(habit: name, day: day) }
        }
        for (index, pause) in pauses.enumerated() {
            if pause.lowerBound < start { throw .beforeStart(habit: name, day: pause.lowerBound, start: start) }
            if index > 0 && pauses[index - 1].upperBound >= pause.lowerBound {
                throw .dayStoredTwice(habit: name, day: pause.lowerBound)
            }
            if let archiveDay, pause.upperBound >= archiveDay {
                throw .doneAfterArchive(habit: name, done: pause.upperBound, archived: archiveDay)
            }
        }
    }

    /// A habit as it was stored, its days done given as a set; see
    /// ``init(restoring:name:start:archiveDay:daysDone:)``.
    public init(
        restoring id: HabitID, name: String, start: CivilDate, archiveDay: CivilDate?, completions: Set<CivilDate>
    ) throws(HabitError) {
        try self.init(restoring: id, name: name, start: start, archiveDay: archiveDay, daysDone: completions.sorted())
    }

    /// The days it was done, as a set.
    public var completions: Set<CivilDate> { Set(daysDone) }

    /// The key under which names are unique and looked up: the name with case folded.
    public var nameKey: String { Habit.nameKey(for: name) }

    /// Whether the habit is archived.
    public var isArchived: Bool { archiveDay != nil }

    /// Whether the habit was done on `day`.
    public func isDone(on day: CivilDate) -> Bool {
        let index = position(of: day)
        return index < daysDone.count && daysDone[index] == day
    }

    /// Calls `body` with each day done in `range`, in order.
    public func forEachDoneDay(in range: ClosedRange<CivilDate>, _ body: (CivilDate) -> Void) {
        var index = position(of: range.lowerBound)
        while index < daysDone.count, daysDone[index] <= range.upperBound {
            body(daysDone[index])
            index += 1
        }
    }

    /// How many days in `range` the habit was done.
    public func doneCount(in range: ClosedRange<CivilDate>) -> Int {
        position(of: range.upperBound.advanced(by: 1)) - position(of: range.lowerBound)
    }

    /// The index of `day` in ``daysDone``, or where it would go.
    func position(of day: CivilDate) -> Int {
        Habit.position(of: day, in: daysDone).index
    }

    // MARK: Rules

    /// `name` trimmed, or the rule it breaks.
    public static func validatedName(_ name: String) throws(HabitError) -> String {
        let result = try validatedStoredName(name)
        if let invisible = invisibleScalar(in: result) {
            throw .invisibleCharacterInName(name: result, character: invisible)
        }
        return result
    }

    /// `name` trimmed, or the rule it breaks, for a name already stored: a Tally older than the
    /// rule against invisible characters may have stored one, and its file stays readable (the
    /// habit can be renamed); every name typed or imported is held to ``validatedName(_:)``.
    static func validatedStoredName(_ name: String) throws(HabitError) -> String {
        let result = nfc(trimmed(name))
        guard !result.isEmpty else { throw .emptyName }
        // Control characters could move the cursor or recolour the terminal when printed.
        // General category Cc is exactly C0, DEL and C1; comparing values skips a Unicode
        // property lookup per character.
        if result.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw .controlCharacterInName(name: result)
        }
        let length = result.count
        guard length <= maximumNameLength else { throw .nameTooLong(name: result, length: length) }
        return result
    }

    /// The first scalar of `name` that draws nothing or reorders the text around it, which would
    /// let `Read` and `Re\u{200B}ad` (a zero-width space inside) be two habits that look alike:
    /// format characters (general category Cf: zero-width spaces, bidirectional controls, the
    /// byte order mark, soft hyphens, invisible operators, tags), line and paragraph separators,
    /// and the Hangul fillers. A zero-width joiner, a variation selector or a tag after an emoji
    /// (`👨‍👩‍👧`, `🏴`) and a zero-width non-joiner after a letter outside ASCII (Persian, Indic
    /// scripts) are allowed: there they shape what is drawn.
    static func invisibleScalar(in name: String) -> Unicode.Scalar? {
        guard !name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var previous: Unicode.Scalar?
        var afterEmoji = false
        for scalar in name.unicodeScalars {
            defer { previous = scalar }
            let properties = scalar.properties
            switch scalar.value {
            case 0x115F, 0x1160, 0x3164, 0xFFA0: return scalar
            case 0x200D, 0xE0020...0xE007F:
                guard afterEmoji else { return scalar }
                continue
            case 0x200C:
                guard let previous, previous.value >= 0x80, previous.properties.isAlphabetic else { return scalar }
                continue
            default: break
            }
            switch properties.generalCategory {
            case .format, .lineSeparator, .paragraphSeparator: return scalar
            default: break
            }
            // An emoji sequence goes on through its joiners, modifiers and selectors.
            if properties.isEmoji && scalar.value >= 0x80 {
                afterEmoji = true
            } else if !(properties.isEmojiModifier || properties.isVariationSelector || properties.isGraphemeExtend) {
                afterEmoji = false
            }
        }
        return nil
    }

    /// `name` with each character ``invisibleScalar(in:)`` refuses written as `<U+XXXX>`, so a
    /// message shows where it is.
    static func showingInvisible(_ name: String) -> String {
        var result = ""
        var rest = Substring(name)
        while let scalar = invisibleScalar(in: String(rest)),
            let index = rest.unicodeScalars.firstIndex(of: scalar)
        {
            result += rest.unicodeScalars[..<index].map(String.init).joined() + "<\(hex(scalar))>"
            rest = Substring(rest.unicodeScalars[rest.unicodeScalars.index(after: index)...])
        }
        return result + rest
    }

    /// `U+200B (ZERO WIDTH SPACE)`.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let name = scalar.properties.name ?? scalar.properties.nameAlias
        return hex(scalar) + (name.map { " (\($0))" } ?? "")
    }

    /// `U+200B`: at least four hexadecimal digits, upper case.
    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
    }

    /// The name of a stored habit trimmed, or the rule the habit breaks: every rule that does
    /// not depend on today, given its first and last day done (nil when never done), which is
    /// all the rules about days need.
    ///
    /// Shared by ``init(restoring:name:start:archiveDay:completions:)`` and
    /// ``HabitSummary``, so a summary read without its history is held to the same rules.
    public static func validatedStored(
        name: String, start: CivilDate, archiveDay: CivilDate?, firstDone: CivilDate?, lastDone: CivilDate?
    ) throws(HabitError) -> String {
        let validName = try validatedStoredName(name)
        if let archiveDay, archiveDay < start {
            throw .archiveBeforeStart(habit: validName, day: archiveDay, start: start)
        }
        if let firstDone, firstDone < start {
            throw .beforeStart(habit: validName, day: firstDone, start: start)
        }
        if let archiveDay, let lastDone, lastDone > archiveDay {
            throw .doneAfterArchive(habit: validName, done: lastDone, archived: archiveDay)
        }
        return validName
    }

    /// Throws when `other` is a different habit with the same name ignoring case.
    public func checkNameIsDistinct(from other: Habit?) throws(HabitError) {
        guard let other, other.id != id, other.nameKey == nameKey else { return }
        throw .duplicateName(name: name, existing: other.name)
    }

    /// Throws unless `day` may be recorded: not before the start, not after `today`, not after
    /// the archive day.
    public func checkRecordable(_ day: CivilDate, today: CivilDate) throws(HabitError) {
        guard day >= start else { throw .beforeStart(habit: name, day: day, start: start) }
        guard day <= today else { throw .inFuture(habit: name, day: day, today: today) }
        if let archiveDay, day > archiveDay {
            throw .afterArchive(habit: name, day: day, archived: archiveDay)
        }
        if let pause = pauses.first(where: { $0.contains(day) }) {
            throw .inPause(habit: name, day: day, pause: pause)
        }
    }

    /// Records the habit as done on `day` (a skip on that day gives way); a day before the start
    /// moves the start back to it. Returns false, and changes nothing, when it was already done
    /// that day.
    @discardableResult
    public mutating func markDone(on day: CivilDate, today: CivilDate) throws(HabitError) -> Bool {
        if let measure { throw .amountNeeded(habit: name, measure: measure) }
        if day < start && day <= today { start = day }
        try checkRecordable(day, today: today)
        let index = position(of: day)
        guard index == daysDone.count || daysDone[index] != day else { return false }
        daysDone.insert(day, at: index)
        let skip = Habit.position(of: day, in: skippedDays)
        if skip.found { skippedDays.remove(at: skip.index) }
        return true
    }

    /// Records `day` as skipped: a rest day, neither done nor missed. Returns false, and
    /// changes nothing, when it was already skipped (repeating a command is no error).
    @discardableResult
    public mutating func skip(on day: CivilDate, today: CivilDate) throws(HabitError) -> Bool {
        try checkRecordable(day, today: today)
        if isDone(on: day) || amounts[day] != nil { throw .skipOnDayDone(habit: name, day: day) }
        let skip = Habit.position(of: day, in: skippedDays)
        guard !skip.found else { return false }
        skippedDays.insert(day, at: skip.index)
        return true
    }

    /// What ``undo(on:)`` took back.
    public enum Undone: Sendable, Equatable {
        case done, skip
        /// The day was neither done nor skipped: nothing changed (repeating an undo is no error).
        case nothing
    }

    /// Takes back the record that the habit was done, or skipped, on `day`.
    @discardableResult
    public mutating func undo(on day: CivilDate) throws(HabitError) -> Undone {
        if amounts.removeValue(forKey: day) != nil {
            deriveDaysDone()
            return .done
        }
        let index = position(of: day)
        if index < daysDone.count, daysDone[index] == day {
            daysDone.remove(at: index)
            return .done
        }
        let skip = Habit.position(of: day, in: skippedDays)
        guard skip.found else { return .nothing }
        skippedDays.remove(at: skip.index)
        return .skip
    }

    /// Keeps `text` as the note for `day` (a day that could be recorded); empty text removes the
    /// note. Returns the note that was there before.
    @discardableResult
    public mutating func setNote(_ text: String, on day: CivilDate, today: CivilDate) throws(HabitError) -> String? {
        try checkRecordable(day, today: today)
        let previous = notes[day]
        let trimmedText = Habit.trimmed(text)
        notes[day] = trimmedText.isEmpty ? nil : try Habit.validatedNote(trimmedText)
        return previous
    }

    /// `text` trimmed, or the rule it breaks: not empty, no control characters, at most
    /// ``maximumNoteLength`` characters.
    public static func validatedNote(_ text: String) throws(HabitError) -> String {
        let result = nfc(trimmed(text))
        guard !result.isEmpty else { throw .emptyNote }
        if result.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw .controlCharacterInNote
        }
        guard result.count <= maximumNoteLength else { throw .noteTooLong(length: result.count) }
        return result
    }

    /// Moves the start to `day`, earlier or later, but never after a day done, skipped or noted,
    /// after a pause or the archive day, or after today.
    public mutating func move(startTo day: CivilDate, today: CivilDate) throws(HabitError) {
        guard day <= today else { throw .startInFuture(habit: name, start: day, today: today) }
        let firstUsed = [
            daysDone.first, amounts.keys.min(), skippedDays.first, notes.keys.min(), pauses.first?.lowerBound,
            archiveDay,
        ]
        .compactMap { $0 }.min()
        if let firstUsed, day > firstUsed { throw .startAfterDone(habit: name, start: day, firstDone: firstUsed) }
        start = day
    }

    /// Changes how often the habit is meant to be done; the history is judged by the new target.
    /// A measurable habit's target is its period: once a day, a week, a month or N days.
    public mutating func setTarget(_ newTarget: HabitTarget) throws(HabitError) {
        if measure != nil {
            guard newTarget.times == 1 else {
                throw .invalidMeasure(
                    text: newTarget.description,
                    reason: "the period of a measurable habit is daily, 1/week, 1/month or every N days")
            }
            target = newTarget
            deriveDaysDone()
            return
        }
        target = newTarget
    }

    /// Changes what a measurable habit measures and its period (a habit done or not becomes
    /// measurable only while it has no day done); its days done are judged anew.
    public mutating func setMeasure(_ newMeasure: HabitMeasure, period: HabitTarget) throws(HabitError) {
        if measure == nil, let first = daysDone.first {
            throw .invalidMeasure(
                text: newMeasure.targetText(period),
                reason: "\(MessageText.quoted(name)) was done on \(first) with no amount; a habit becomes measurable "
                    + "only before its first day done (add a new one, or undo its days)")
        }
        measure = newMeasure
        target = period
        deriveDaysDone()
    }

    /// Archives the habit: `day` becomes the last day it may be done.
    public mutating func archive(on day: CivilDate, today: CivilDate) throws(HabitError) {
        if let archiveDay { throw .alreadyArchived(habit: name, archived: archiveDay) }
        guard day >= start else { throw .archiveBeforeStart(habit: name, day: day, start: start) }
        guard day <= today else { throw .inFuture(habit: name, day: day, today: today) }
        if let last = [daysDone.last, amounts.keys.max()].compactMap({ $0 }).max(), last > day {
            throw .doneAfterArchive(habit: name, done: last, archived: day)
        }
        archiveDay = day
    }

    /// Makes an archived habit active again, keeping its history.
    ///
    /// The days after the archive day and before `today` become a pause: neither done nor
    /// missed, and not open to recording.
    public mutating func restore(today: CivilDate) throws(HabitError) {
        guard let archived = archiveDay else { throw .notArchived(habit: name) }
        let firstPaused = archived.advanced(by: 1)
        let lastPaused = today.advanced(by: -1)
        if firstPaused <= lastPaused { pauses.append(firstPaused...lastPaused) }
        archiveDay = nil
    }

    /// Gives the habit a new name (which must itself be valid).
    public mutating func rename(to newName: String) throws(HabitError) {
        name = try Habit.validatedName(newName)
    }

    static func trimmed(_ text: String) -> String {
        // Printable ASCII at both ends is not white space: nothing to trim, and no Unicode lookup.
        if let first = text.utf8.first, let last = text.utf8.last, (0x21..<0x7F).contains(first),
            (0x21..<0x7F).contains(last)
        {
            return text
        }
        var characters = Substring(text)
        while characters.first?.isWhitespace == true { characters.removeFirst() }
        while characters.last?.isWhitespace == true { characters.removeLast() }
        return String(characters)
    }
}
