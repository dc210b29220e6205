import TallyCalendar
import TallyDiagnostics

/// `habit note NAME [DATE] TEXT`: keep a note for a day; empty text removes it.
enum NoteSubcommand: HabitSubcommand {
    /// The habit, the day and the note.
    struct Request: HabitRequest, Equatable {
        var name: Spanned<String>
        var day: Spanned<CivilDate>
        var text: Spanned<String>

        var nameSpan: SourceSpan? { name.span }
        var daySpan: SourceSpan? { day.span }
        var textSpan: SourceSpan? { text.span }
    }

    static let name = "note"
    static let usage = "habit note NAME [DATE] TEXT"
    static let summaryLines = ["keep a note for a day (\"\" removes it)"]
    static let firstArgument = HabitSubcommands.FirstArgument.habitName
    static let takesDate = true

    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> Request {
        let name = try arguments.readName()
        var day = Spanned(arguments.today, at: name.span)
        // A word written like a date is the day, never the text: `habit note R yesterday`
        // has no text (quote it to keep the word: `habit note R 'yesterday'`).
        var dated = false
        if let word = arguments.next, !word.isQuoted, HabitCommandLine.looksLikeDate(word.text) {
            _ = arguments.take()
            day = try arguments.resolveDate(word)
            dated = true
        }
        guard !arguments.isAtEnd else {
            throw .missingNoteText(after: dated ? "date" : "name", at: arguments.endSpan)
        }
        return Request(name: name, day: day, text: arguments.readRestOfLine())
    }

    static func run(_ request: Request, in invocation: HabitInvocation) throws -> HabitOutput {
        let day = request.day.value
        let habit = try WriteNote(repository: invocation.repository).execute(
            name: request.name.value, day: day, text: request.text.value, today: invocation.today)
        guard let note = habit.notes[day] else {
            return HabitOutput("no note for \(HabitReply.quoted(habit.name)) on \(day)")
        }
        return HabitOutput("note for \(HabitReply.quoted(habit.name)) on \(day): \(TerminalSafeText.escaped(note))")
    }
}
