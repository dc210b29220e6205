/// What `habit import` brought in, and everything in the file it did not: habits renamed
/// because their name was taken, what Tally cannot keep, and rows refused by a rule (each with
/// its place in the file).
public struct HabitImportReport: Sendable {
    /// The habits to add, with the names they get.
    public var habits: [Habit]
    /// Habits whose name was taken (in the store or earlier in the file): old and new name.
    public var renamed: [(from: String, to: String)] = []
    /// What the file holds that Tally does not keep, one line each.
    public var notCarried: [String] = []
    /// Rows that a rule refused, one line each, with where they are in the file.
    public var refused: [String] = []
    /// Whether a name already taken is renamed (Loop's files, where names may repeat) rather
    /// than refusing the file (Tally's own exports).
    public var renamesDuplicates = false

    /// A report of `habits` and nothing else.
    public init(habits: [Habit]) { self.habits = habits }

    /// Gives each habit whose name folds like one in `taken` or earlier in the list the first
    /// free `NAME (2)`, `NAME (3)`, … (cut so it stays a valid name), and records the renaming.
    mutating func renameDuplicates(taken: (String) throws -> Bool) rethrows {
        var used: Set<String> = []
        for index in habits.indices {
            let original = habits[index].name
            var candidate = original
            var number = 1
            while try used.contains(Habit.nameKey(for: candidate)) || taken(Habit.nameKey(for: candidate)) {
                number += 1
                let suffix = " (\(number))"
                candidate = String(original.prefix(Habit.maximumNameLength - suffix.count)) + suffix
            }
            if candidate != original {
                // A name with " (N)" appended is valid when the original was.
                try? habits[index].rename(to: candidate)
                renamed.append((original, habits[index].name))
            }
            used.insert(habits[index].nameKey)
        }
    }
}
