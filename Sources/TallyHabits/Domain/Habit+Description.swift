extension Habit {
    /// Keeps `text` (valid as a note is) as the habit's question or description; empty text
    /// removes it. Returns the one there before.
    @discardableResult
    public mutating func describe(_ text: String) throws(HabitError) -> String? {
        let previous = habitDescription
        let trimmedText = Habit.trimmed(text)
        habitDescription = trimmedText.isEmpty ? nil : try Habit.validatedNote(trimmedText)
        return previous
    }
}
