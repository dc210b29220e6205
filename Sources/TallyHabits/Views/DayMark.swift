/// How one day of a habit is drawn in the list's last seven days and in the heatmap.
enum DayMark {
    /// Done that day.
    case done
    /// Could have been done that day and was not.
    case missed
    /// Skipped, or paused: neither done nor missed.
    case excused
    /// Before the start, after the archive day or in the future: nothing to show.
    case outside

    /// The mark for `day` of `habit`.
    init(habit: some TrackedHabit, day: Day, today: Day) {
        if habit.isDone(on: day) {
            self = .done
        } else if day < habit.start || day > habit.lastTrackedDay(today: today) {
            self = .outside
        } else if habit.isExcused(day) {
            self = .excused
        } else {
            self = .missed
        }
    }

    /// One column wide either way, so plain and coloured output line up identically.
    func symbol(useColour: Bool, glyphs: HabitGlyphs = .unicode) -> String {
        switch self {
        case .done: return useColour ? "\u{1B}[32m\(glyphs.done)\u{1B}[0m" : glyphs.done
        case .missed: return useColour ? "\u{1B}[2m\(glyphs.missed)\u{1B}[0m" : glyphs.missed
        case .excused: return glyphs.excused
        case .outside: return " "
        }
    }
}
