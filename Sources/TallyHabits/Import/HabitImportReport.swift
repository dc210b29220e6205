/// What `habit import` brought in, and everything in the file it did not: habits renamed
/// because their name was taken, what Tally cannot keep, and rows refused by a rule (each with
/// its place in the file).
public struct HabitImportReport: Sendable {
    /// The habits to add, with the names they get.
    public var habits: [Habit]
    /// Habits whose name was taken (in the store or earlier in the file): old and new name, the
    /// first ``shownLimit`` of them; ``renamedCount`` counts them all.
    public var renamed: [(from: String, to: String)] = []
    /// How many habits were renamed, shown or not.
    public var renamedCount = 0
    /// What the file holds that Tally does not keep, one line each.
    public var notCarried: [String] = []
    /// Rows that a rule refused, with where they are in the file: the first ``shownLimit`` one
    /// line each, then one line counting the rest.
    public var refused = RefusedRows()
    /// Whether a name already taken is renamed (Loop's files, where names may repeat) rather
    /// than refusing the file (Tally's own exports).
    public var renamesDuplicates = false

    /// How many renamed habits and refused rows are named one by one: a file of 260,000 bad
    /// rows gets a few examples and a count, not 260,000 lines.
    public static let shownLimit = 10

    /// A report of `habits` and nothing else.
    public init(habits: [Habit]) { self.habits = habits }

    /// The rows a rule refused: a few named, the rest counted, so that memory and output stay
    /// small however many there are. Iterating gives the lines to print, the count last.
    public struct RefusedRows: Sequence, Sendable {
        /// The first rows refused, one line each.
        public private(set) var shown: [String] = []
        /// Every row refused, shown or not.
        public private(set) var count = 0

        /// No rows refused yet.
        public init() {}

        /// Records one refused row.
        public mutating func append(_ line: String) {
            count += 1
            if shown.count < HabitImportReport.shownLimit { shown.append(line) }
        }

        /// Records the rows of `other` after these.
        public mutating func append(contentsOf other: RefusedRows) {
            for line in other.shown { append(line) }
            count += other.count - other.shown.count
        }

        /// These rows with `prefix` (the file's path) before each line.
        func prefixed(_ prefix: String) -> RefusedRows {
            var result = RefusedRows()
            result.shown = shown.map { prefix + $0 }
            result.count = count
            return result
        }

        /// Whether no row was refused.
        public var isEmpty: Bool { count == 0 }

        /// The lines to print: those shown, then how many more there were.
        public func makeIterator() -> IndexingIterator<[String]> {
            let more = count - shown.count
            guard more > 0 else { return shown.makeIterator() }
            return (shown + ["and \(more) more (\(count) rows refused in all)"]).makeIterator()
        }
    }

    /// Gives each habit whose name folds like one in `taken` or earlier in the list the first
    /// free `NAME (2)`, `NAME (3)`, … (cut so it stays a valid name), and records the renaming.
    /// Linear in the habits: the next number to try is kept for each name, so 20,000 habits of
    /// one name do not each count up from 2.
    mutating func renameDuplicates(taken: Set<String>) {
        var used = taken
        var nextNumber: [String: Int] = [:]
        for index in habits.indices {
            let original = habits[index].name
            let originalKey = habits[index].nameKey
            guard used.contains(originalKey) else {
                used.insert(originalKey)
                continue
            }
            var number = nextNumber[originalKey] ?? 2
            var candidate: String
            repeat {
                let suffix = " (\(number))"
                candidate = String(original.prefix(Habit.maximumNameLength - suffix.count)) + suffix
                number += 1
            } while used.contains(Habit.nameKey(for: candidate))
            nextNumber[originalKey] = number
            // A name with " (N)" appended is valid when the original was.
            try? habits[index].rename(to: candidate)
            used.insert(habits[index].nameKey)
            renamedCount += 1
            if renamed.count < Self.shownLimit { renamed.append((original, habits[index].name)) }
        }
    }
}
