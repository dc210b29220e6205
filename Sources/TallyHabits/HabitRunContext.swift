import TallyCalendar

/// What a `habit` command needs from the session running it.
public struct HabitRunContext {
    /// Today, as the session resolved it (`TALLY_TODAY` or the local date).
    public var today: CivilDate
    /// The characters tables and calendars draw with (`set glyphs`, `--ascii`).
    public var glyphs: HabitGlyphs
    /// Whether a person is at the keyboard; in files and pipes `habit delete` needs `--yes`.
    public var isInteractive: Bool
    /// Asks a person a yes/no question (given in full, ending in "[y/N] ") and returns their
    /// answer; only called when `isInteractive`.
    public var confirm: (String) -> Bool
    /// Whether `list`, `today` and `show` also give their data (for `--json`).
    public var wantsData: Bool
    /// Reads a person's answer to a question (`habit ask`): the next line typed at the prompt
    /// (shown the question), or of the file or pipe being run; nil at the end of the input, or
    /// where there is nothing to read answers from (`-e`).
    public var readAnswer: ((String) -> String?)?
    /// Hands back a line of a file or pipe that ``readAnswer`` read but that is no answer, to be
    /// run as the line it is; nil at the prompt, where a person is asked again instead.
    public var giveBack: ((String) -> Void)?
    /// The width charts and the log fill: the terminal's at the prompt, 80 in files and pipes
    /// (whose output never depends on the terminal).
    public var columns: Int
    /// Whether Ctrl-C was pressed since the command began: long work (an import's queries)
    /// asks it as it goes and stops.
    public var isInterrupted: @Sendable () -> Bool = { false }

    /// A context for one command.
    public init(
        today: CivilDate, isInteractive: Bool, glyphs: HabitGlyphs = .unicode,
        confirm: @escaping (String) -> Bool = { _ in false }, wantsData: Bool = false,
        readAnswer: ((String) -> String?)? = nil, giveBack: ((String) -> Void)? = nil, columns: Int = 80
    ) {
        self.giveBack = giveBack
        self.columns = columns
        self.readAnswer = readAnswer
        self.wantsData = wantsData
        self.today = today
        self.glyphs = glyphs
        self.isInteractive = isInteractive
        self.confirm = confirm
    }
}
