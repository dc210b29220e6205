import TallyCalendar
import TallyDiagnostics

/// A parsed `habit` line: its subcommand, the request its arguments make (each with where it
/// was written, so that errors found later point at the argument they are about), and how to
/// run it.
public struct HabitCommand: Sendable {
    /// The subcommand's name (`done` for `habit DONE Read`).
    public let subcommandName: String
    /// What the arguments say; its type is the subcommand's ``HabitSubcommand/Request``.
    let request: any HabitRequest
    /// Where the subcommand word is; errors about the store as a whole point here.
    public let subcommandSpan: SourceSpan
    /// An empty span where the arguments end: where a missing `--yes` would go.
    public let endSpan: SourceSpan
    /// Runs the request through its subcommand's use case.
    private let perform: @Sendable (HabitInvocation) throws -> HabitOutput

    /// The command `subcommand` makes of `request`.
    init<Subcommand: HabitSubcommand>(
        _ subcommand: Subcommand.Type, _ request: Subcommand.Request, subcommandSpan: SourceSpan, endSpan: SourceSpan
    ) {
        self.subcommandName = subcommand.name
        self.request = request
        self.subcommandSpan = subcommandSpan
        self.endSpan = endSpan
        self.perform = { invocation in try Subcommand.run(request, in: invocation) }
    }

    /// Runs it; see ``HabitSubcommand/run(_:in:)``.
    func run(in invocation: HabitInvocation) throws -> HabitOutput {
        try perform(invocation)
    }

    /// Where the habit's name is, for errors about the habit.
    var nameSpan: SourceSpan? { request.nameSpan }
}

/// What a subcommand runs with: the store, the session's context and where the line's parts are.
struct HabitInvocation {
    /// The habit store, open.
    let repository: any HabitRepository
    /// Today, glyphs, interactivity and how to ask.
    let context: HabitRunContext
    /// Where the subcommand word is.
    let subcommandSpan: SourceSpan
    /// An empty span where the arguments end.
    let endSpan: SourceSpan

    /// Today, as the session resolved it.
    var today: CivilDate { context.today }
}

/// What a subcommand says: its text, styled where a mark means something, and for the views
/// (`list`, `today`, `show`) their data as a JSON member when ``HabitRunContext/wantsData``.
struct HabitOutput {
    /// The text to print, without a trailing newline.
    var text: StyledText
    /// The member's name and its JSON value, for `--json`.
    var data: JSONMember?

    /// Plain `text`.
    init(_ text: String) {
        self.text = StyledText(text)
    }

    /// Styled `text`, with `data` when it was asked for.
    init(styled text: StyledText, data: JSONMember? = nil) {
        self.text = text
        self.data = data
    }
}
