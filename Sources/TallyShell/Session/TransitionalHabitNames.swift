import TallyHabits

extension HabitCommandRunner {
    static func existingHabitNames(dataDirectory: String) -> [String] { [] }
}
