import TallyCalendar
import TallyHabits

/// What a session needs from the world outside the language: where habit data lives, the
/// pinned day for tests, colour, and how to ask the user a yes/no question.
public struct SessionEnvironment {
    /// The habit data directory (`--data-dir`, `TALLY_DATA_DIR`, XDG), or nil if none.
    public var dataDirectory: String?
    /// `TALLY_TODAY` when set: pins "today" for habits and the calculator.
    public var pinnedToday: String?
    /// `TALLY_NOW` when set: pins the clock (`now`), and today when `TALLY_TODAY` is unset.
    public var pinnedNow: String?
    /// Whether tables and heatmaps may use colour.
    public var useColour: Bool
    /// The marks habit tables draw with (`--ascii`, `set glyphs`).
    public var glyphs: HabitGlyphs
    /// Asks a yes/no question (interactive `habit delete`); false when nobody can answer.
    public var confirm: (String) -> Bool
    /// Reads the answer to a question (`habit ask`): a line typed at the prompt, or the next line
    /// of the file or pipe being run; nil at the end of the input or where there is none (`-e`).
    public var readAnswer: ((String) -> String?)?
    /// Hands back a line ``readAnswer`` read that is no answer, to be run in its turn (files
    /// and pipes); nil at the prompt.
    public var giveBack: ((String) -> Void)?
    /// Opens the habit store instead of the database in ``dataDirectory`` (the fuzzer and
    /// tests use an in-memory store); nil for the database.
    public var openHabitRepository: (() throws -> any HabitRepository)?
    /// The clock the pinned values give (the system clock for any value that is not usable:
    /// the application refuses such values before a session starts).
    public var clock: Clock {
        var clock = Clock()
        if let pinnedToday { clock.pinnedToday = try? CalendarText.date(pinnedToday) }
        if let pinnedNow { clock.pinnedNow = (try? CalendarText.instant(pinnedNow))?.seconds }
        return clock
    }

    /// Today for habits and `bmi`: `TALLY_TODAY`, or the date of the clock.
    func today() throws(DayParseError) -> CivilDate {
        if let pinnedToday { return try CivilDate.today(pinnedTo: pinnedToday) }
        return CivilDate.today(on: clock)
    }

    /// Whether `habit` views also give their data for `--json` (computed only when wanted).
    public var wantsHabitData = false
    /// Whether the prompt suggests from history as you type (`set suggest`).
    public var suggests = true
    /// Whether the prompt previews the value as you type (`set preview`).
    public var previews = true
    /// Whether the prompt colours the line as you type (`set highlight`).
    public var highlights = true

    public init(
        dataDirectory: String? = nil, pinnedToday: String? = nil, useColour: Bool = false,
        glyphs: HabitGlyphs = .unicode, confirm: @escaping (String) -> Bool = { _ in false }
    ) {
        self.glyphs = glyphs
        self.dataDirectory = dataDirectory
        self.pinnedToday = pinnedToday
        self.useColour = useColour
        self.confirm = confirm
    }
}
