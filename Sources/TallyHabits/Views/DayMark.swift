import TallyCalendar
import TallyDiagnostics

/// How one day of a habit is drawn in the list's last seven days and in the heatmap.
enum DayMark {
    /// Done that day.
    case done
    /// Could have been done that day and was not.
    case missed
    /// Skipped, or paused: neither done nor missed.
    case excused
    /// Not done, in a period whose target was met without it (a rest day of `3/week`).
    case rest
    /// Before the start, after the archive day or in the future: nothing to show.
    case outside

    /// The mark for `day` of `habit`.
    init(habit: some TrackedHabit, day: CivilDate, today: CivilDate) {
        if habit.isDone(on: day) {
            self = .done
        } else if day < habit.start || day > habit.lastTrackedDay(today: today) {
            self = .outside
        } else if habit.isExcused(day) {
            self = .excused
        } else if !habit.target.isDaily,
            habit.outcome(of: habit.target.period(containing: day, start: habit.start), today: today) == .met
        {
            self = .rest
        } else {
            self = .missed
        }
    }

    /// The mark as a word, for `--json`: `done`, `missed`, `skipped` (or paused), `rest`, `none`.
    var word: String {
        switch self {
        case .done: return "done"
        case .missed: return "missed"
        case .excused: return "skipped"
        case .rest: return "rest"
        case .outside: return "none"
        }
    }

    /// The mark, one column wide, styled by what it means (the shell decides the colour).
    func symbol(glyphs: HabitGlyphs = .unicode) -> StyledText {
        StyledText(glyph(glyphs), style: style)
    }

    /// The character the mark is drawn with.
    func glyph(_ glyphs: HabitGlyphs) -> String {
        switch self {
        case .done: return glyphs.done
        case .missed: return glyphs.missed
        case .excused: return glyphs.excused
        case .rest: return glyphs.rest
        case .outside: return " "
        }
    }

    /// What the mark means, for the shell's colours.
    var style: StyledText.Style {
        switch self {
        case .done: return .done
        case .missed: return .missed
        case .excused: return .excused
        case .rest: return .rest
        case .outside: return .plain
        }
    }
}
