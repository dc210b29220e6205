import TallyCalendar
import TallyDiagnostics

/// The messages of `habit` about its command line and the commands it runs, each written once:
/// a throw site names its message and never spells it. Each keeps its ``DiagnosticID``
/// (`DiagnosticID+Habits.swift`); the rules of habits and the store speak through
/// ``HabitError`` and ``HabitStoreError``, turned into diagnostics by ``habit(_:at:)``.
extension Diagnostic {
    // MARK: Words

    /// A word after `habit` that names no subcommand, with the nearest one or the list of them.
    static func unknownHabitSubcommand(_ word: Word, among names: [String]) -> Diagnostic {
        .unknown(
            .unknownHabitSubcommand, "unknown habit subcommand \(MessageText.quoted(word.text))", word, among: names,
            otherwise: "expected one of \(names.joined(separator: ", "))")
    }

    /// An `--option` other than `flag` on `command` (`habit delete`).
    static func unknownHabitOption(_ word: Word, for command: String, flag: String) -> Diagnostic {
        .unknown(
            .unknownHabitOption, "unknown option \(MessageText.quoted(word.text)) for \(command)", word,
            among: [flag], otherwise: nil)
    }

    /// `habit export yaml`.
    static func unknownExportFormat(_ word: Word, among formats: [String], expected: String) -> Diagnostic {
        .unknown(
            .unknownExportFormat, "unknown export format \(MessageText.quoted(word.text))", word, among: formats,
            otherwise: expected)
    }

    /// A word that is none of `candidates`: with a "did you mean" note when it is near one, else
    /// with `otherwise` (the choices, if any) appended to the message.
    private static func unknown(
        _ id: DiagnosticID, _ message: String, _ word: Word, among candidates: [String], otherwise: String?
    ) -> Diagnostic {
        if let suggestion = Suggestion.nearest(to: word.text, in: candidates) {
            return Diagnostic(id, message, at: word.span).suggesting(suggestion)
        }
        return Diagnostic(id, message + (otherwise.map { "; " + $0 } ?? ""), at: word.span)
    }

    /// A word the subcommand's form (`usage`) has no place for; `hint` is advice to append
    /// (the quoted name), or empty.
    static func unexpectedHabitArgument(_ text: String, usage: String, hint: String, at span: SourceSpan) -> Diagnostic
    {
        Diagnostic(
            .unexpectedHabitArgument, "unexpected \(MessageText.quoted(text)); the form is \(usage)\(hint)", at: span)
    }

    /// `habit done A B 2`: an amount after more than one name.
    static func amountForSeveralHabits(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.unexpectedHabitArgument, "an amount is entered for one habit at a time", at: span)
    }

    // MARK: Missing arguments

    /// NAME (`what`: "habit name", "new name") left out after `subcommand`.
    static func missingHabitName(_ what: String, after subcommand: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.missingHabitName, "missing \(what) after '\(subcommand)'", at: span)
    }

    /// `habit add Read 2026-11-01`, without `since`.
    static func missingSince(before date: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.missingSince, "expected 'since' before the date: since \(date)", at: span)
    }

    /// `since` with no date after it.
    static func missingDateAfterSince(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.missingDate, "missing date after 'since'", at: span)
    }

    /// `habit start Read`.
    static func missingDateAfterName(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.missingDate, "missing date after the name", at: span)
    }

    /// `habit note Read` (`after`: "name") or `habit note Read yesterday` ("date").
    static func missingNoteText(after what: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.missingNoteText, "missing the note's text after the \(what)", at: span)
    }

    /// `habit describe Read`.
    static func missingDescription(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.missingNoteText, "missing the description after the name", at: span)
    }

    /// `habit move Read`.
    static func missingHabitPosition(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.missingHabitPosition, "missing the position after the name", at: span)
    }

    /// `habit target Read`.
    static func missingHabitTarget(at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .missingHabitTarget, "missing target after the name; expected \(HabitCommandLine.targetForms)", at: span)
    }

    /// A target cut short: `every 2` (`everyDays`) or `2 times in` (otherwise).
    static func unfinishedHabitTarget(everyDays: Bool, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.missingHabitTarget, everyDays ? "expected every N days" : "expected X times in Y days", at: span)
    }

    /// `habit export` without a format; `expected` lists the formats.
    static func missingExportFormat(expected: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.missingExportFormat, "missing export format after 'export'; \(expected)", at: span)
    }

    /// `habit import`.
    static func missingImportFile(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.missingImportFile, "missing the file after 'import'", at: span)
    }

    // MARK: Values

    /// `day` (or a year, `2030`) after today.
    static func dateInFuture(_ day: String, today: CivilDate, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.dateInFuture, "\(day) is in the future; today is \(today)", at: span)
    }

    /// A day's word that cannot be read as one; `hint` is advice to append (the quoted name), or
    /// empty.
    static func unreadableDay(_ error: DayParseError, hint: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(error.diagnosticID, error.message + hint, at: span)
    }

    /// `habit move Read first`.
    static func invalidHabitPosition(_ text: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.invalidHabitPosition, "\(MessageText.quoted(text)) is not a position; expected 1, 2, 3…", at: span)
    }

    /// Words where a target was expected.
    static func notATarget(_ text: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .invalidHabitTarget,
            "\(MessageText.quoted(text)) is not a target; expected \(HabitCommandLine.targetForms)",
            at: span)
    }

    /// A target written as one whose numbers are out of range; `message` is the rule's.
    static func invalidHabitTarget(_ message: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.invalidHabitTarget, message, at: span)
    }

    /// `habit done Water =`.
    static func missingAmountAfterEquals(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.invalidHabitMeasure, "expected an amount after '=' (such as =2.5)", at: span)
    }

    /// Words that start like a measure and are not one.
    static func notAMeasure(at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .invalidHabitMeasure, "expected a measure: [at least|at most] AMOUNT [UNIT] per day, week, month or N days",
            at: span)
    }

    // MARK: Running

    /// A rule of habits (``HabitError``) broken, or a day's word misread, at the argument it is about.
    static func habit(_ error: HabitError, at span: SourceSpan) -> Diagnostic {
        Diagnostic(error.diagnosticID, error.message, at: span)
    }

    /// An unknown habit typed as the words of `span`, which together are `name`.
    static func habitNameNeedsQuotes(_ error: HabitError, name: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(error.diagnosticID, error.message + "; a name with spaces needs quotes: \(name)", at: span)
    }

    /// A problem of the habit database.
    static func habitStore(_ error: HabitStoreError, at span: SourceSpan) -> Diagnostic {
        Diagnostic(error.diagnosticID, error.message, at: span)
    }

    /// A file `habit import` cannot take; `message` says why.
    static func habitImportFailed(_ message: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.habitImportFailed, message, at: span)
    }

    /// `habit export json FILE` that could not write FILE.
    static func habitExportFailed(file: String, problem: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.habitExportFailed, "\(TerminalSafeText.escaped(file)): \(problem)", at: span)
    }

    /// `habit log N days` with N out of range or not a count.
    static func invalidLogLength(_ text: String, limit: Int, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .invalidLogLength, "\(MessageText.quoted(text)) is not a number of days from 1 to \(limit)", at: span)
    }

    /// `habit ask` where nothing can be read (`-e`).
    static func noAnswersToRead(at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .noAnswersToRead,
            "habit ask reads its answers from the keyboard or from the lines after it in a file or pipe; "
                + "there are none here", at: span)
    }

    /// `habit delete NAME` in a file or pipe, without `--yes`.
    static func deleteNeedsConfirmation(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.deleteNeedsConfirmation, "habit delete needs --yes in files and pipes", at: span)
    }

    /// `habit show NAME YYYY` for a year the habit was not tracked in; `name` is quoted already.
    static func yearNotTracked(
        _ year: Int, name: String, from start: CivilDate, to last: CivilDate, at span: SourceSpan
    )
        -> Diagnostic
    {
        Diagnostic(.dayBeforeStart, "\(name) was tracked from \(start) to \(last), not in \(year)", at: span)
    }

    /// Any other failure: a bug, reported rather than hidden.
    static func unexpectedHabitError(_ error: any Error, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.unexpectedHabitError, "habit \(error)", at: span)
    }
}
