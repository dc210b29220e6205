import TallyCalendar

/// `habit note NAME [DATE] TEXT`: keeps a note for a day.
public struct WriteNote {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// Keeps `text` as the note of the habit called `name` for `day` (empty text removes it);
    /// returns the habit.
    public func execute(name: String, day: CivilDate, text: String, today: CivilDate) throws -> Habit {
        try repository.modifyHabit(named: name) { habit in try habit.setNote(text, on: day, today: today) }
    }
}
