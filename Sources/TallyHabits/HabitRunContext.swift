/// What a `habit` command needs from the session running it.
public struct HabitRunContext {
    /// Today, as the session resolved it (`TALLY_TODAY` or the local date).
    public var today: Day
    /// The characters tables and calendars draw with (`set glyphs`, `--ascii`).
    public var glyphs: HabitGlyphs
    /// Whether a person is at the keyboard; in files and pipes `habit delete` needs `--yes`.
    public var isInteractive: Bool
    /// Asks a person a yes/no question (given in full, ending in "[y/N] ") and returns their
    /// answer; only called when `isInteractive`.
    public var confirm: (String) -> Bool
    /// Whether `list`, `today` and `show` also give their data (for `--json`).
    public var wantsData: Bool
    /// Whether Ctrl-C was pressed since the command began: long work (an import's queries)
    /// asks it as it goes and stops.
    public var isInterrupted: @Sendable () -> Bool = { false }

    /// A context for one command.
    public init(
        today: Day, isInteractive: Bool, glyphs: HabitGlyphs = .unicode,
        confirm: @escaping (String) -> Bool = { _ in false }, wantsData: Bool = false
    ) {
        self.wantsData = wantsData
        self.today = today
        self.glyphs = glyphs
        self.isInteractive = isInteractive
        self.confirm = confirm
    }
}
