import TallyDiagnostics

/// The kinds of diagnostic the `habit` command gives: its grammar, the rules of habits and the
/// habit database. Identifiers are kebab-case and never reused for another kind of message.
/// (Quotes left open come from `Word.split` with TallyCore's identifiers.)
extension DiagnosticID {
    // MARK: The command line (HabitCommandLine)

    /// `habit` with nothing after it.
    /// A word after `habit` that names no subcommand.
    public static let unknownHabitSubcommand = DiagnosticID("unknown-habit-subcommand")
    /// A word the subcommand's form has no place for.
    public static let unexpectedHabitArgument = DiagnosticID("unexpected-habit-argument")
    /// An option other than `--yes` on `habit delete`.
    public static let unknownHabitOption = DiagnosticID("unknown-habit-option")
    /// NAME (or NEWNAME) left out.
    public static let missingHabitName = DiagnosticID("missing-habit-name")
    /// `habit add NAME DATE`, without the `since` a start day needs.
    public static let missingSince = DiagnosticID("missing-since")
    /// `habit import` without a file.
    public static let missingImportFile = DiagnosticID("missing-import-file")
    /// A file `habit import` cannot take.
    public static let habitImportFailed = DiagnosticID("habit-import-failed")
    /// `habit note NAME` without text.
    public static let missingNoteText = DiagnosticID("missing-note-text")
    /// `habit target NAME` without a target.
    public static let missingHabitTarget = DiagnosticID("missing-habit-target")
    /// `since` with no date after it.
    public static let missingDate = DiagnosticID("missing-date")
    /// A date not written as `YYYY-MM-DD`, `today`, `yesterday` or `-N`.
    public static let malformedDate = DiagnosticID("malformed-date")
    /// A date written correctly that the calendar does not have (month 13, February 30th, the
    /// year 0, before the year 1).
    public static let noSuchDate = DiagnosticID("no-such-date")
    /// A day after today, written on the line or reached by a habit rule.
    public static let dateInFuture = DiagnosticID("date-in-future")
    /// `habit export` without a format.
    public static let missingExportFormat = DiagnosticID("missing-export-format")
    /// `habit export` with a format other than csv or json.
    public static let unknownExportFormat = DiagnosticID("unknown-export-format")
    /// `habit export FORMAT FILE` could not, or would not, write the file.
    public static let habitExportFailed = DiagnosticID("habit-export-failed")

    // MARK: Rules of habits (HabitError)

    /// A habit name that is empty once trimmed.
    public static let emptyHabitName = DiagnosticID("empty-habit-name")
    /// A habit name holding a control character.
    public static let controlCharacterInHabitName = DiagnosticID("control-character-in-habit-name")
    /// A habit name holding a character that is not drawn (U+200B, U+202E, U+FEFF, …).
    public static let invisibleCharacterInHabitName = DiagnosticID("invisible-character-in-habit-name")
    /// A habit name over the length limit.
    public static let habitNameTooLong = DiagnosticID("habit-name-too-long")
    /// A name another habit already has, ignoring case.
    public static let duplicateHabitName = DiagnosticID("duplicate-habit-name")
    /// A name no habit has.
    public static let unknownHabit = DiagnosticID("unknown-habit")
    /// A start day after today.
    public static let startInFuture = DiagnosticID("start-in-future")
    /// A day before the habit started.
    public static let dayBeforeStart = DiagnosticID("day-before-start")
    /// A day after the habit was archived.
    public static let dayAfterArchive = DiagnosticID("day-after-archive")
    /// A day recorded as done a second time.
    public static let alreadyDone = DiagnosticID("already-done")
    /// Undoing a day that was not done.
    public static let notDone = DiagnosticID("not-done")
    /// Archiving a habit that is archived.
    public static let alreadyArchived = DiagnosticID("already-archived")
    /// Restoring a habit that is not archived.
    public static let notArchived = DiagnosticID("not-archived")
    /// An archive day before the habit started.
    public static let archiveBeforeStart = DiagnosticID("archive-before-start")
    /// An archive day before a day already done.
    public static let doneAfterArchive = DiagnosticID("done-after-archive")
    /// A day inside a pause (archived, then restored).
    public static let dayInPause = DiagnosticID("day-in-pause")
    /// Skipping a day already skipped.
    public static let alreadySkipped = DiagnosticID("already-skipped")
    /// A target such as `9/week` that asks for more than the period holds.
    public static let invalidHabitTarget = DiagnosticID("invalid-habit-target")
    /// A unit, goal, amount or period of a measurable habit out of range.
    public static let invalidHabitMeasure = DiagnosticID("invalid-habit-measure")
    /// `habit done` without the amount a measurable habit needs.
    public static let habitAmountNeeded = DiagnosticID("habit-amount-needed")
    /// An amount for a habit that measures nothing.
    public static let habitNotMeasured = DiagnosticID("habit-not-measured")
    /// `habit move NAME` with no position.
    public static let missingHabitPosition = DiagnosticID("missing-habit-position")
    /// `habit move` to a place below 1, or a stored place below 1.
    public static let invalidHabitPosition = DiagnosticID("invalid-habit-position")
    /// A note that is empty, too long or holds a control character.
    public static let invalidNote = DiagnosticID("invalid-note")
    /// A start moved after a day done.
    public static let startAfterDone = DiagnosticID("start-after-done")
    /// `habit log N days` with N not a count from 1 to ten years of days.
    public static let invalidLogLength = DiagnosticID("invalid-log-length")
    /// `habit ask` where no answer can be read (`-e`).
    public static let noAnswersToRead = DiagnosticID("no-answers-to-read")
    /// `habit delete` in a file or pipe without `--yes`, where nobody can be asked.
    public static let deleteNeedsConfirmation = DiagnosticID("delete-needs-confirmation")

    // MARK: The habit database (HabitStoreError)

    /// The data directory cannot be created.
    public static let cannotCreateDataDirectory = DiagnosticID("cannot-create-data-directory")
    /// The database file cannot be created or opened.
    public static let cannotOpenHabitDatabase = DiagnosticID("cannot-open-habit-database")
    /// The file is not an SQLite database.
    public static let notAHabitDatabase = DiagnosticID("not-a-habit-database")
    /// The file is another program's SQLite database.
    public static let foreignHabitDatabase = DiagnosticID("foreign-habit-database")
    /// The file's schema is newer than this Tally knows.
    public static let newerHabitSchema = DiagnosticID("newer-habit-schema")
    /// The file's pages are damaged.
    public static let damagedHabitDatabase = DiagnosticID("damaged-habit-database")
    /// A stored habit row breaks a rule.
    public static let invalidHabitRow = DiagnosticID("invalid-habit-row")
    /// A stored completion belongs to no habit.
    public static let orphanCompletion = DiagnosticID("orphan-completion")
    /// The database refused a write.
    public static let habitConstraintViolated = DiagnosticID("habit-constraint-violated")
    /// The file was replaced (moved over or deleted) while a command used it.
    public static let habitDatabaseReplaced = DiagnosticID("habit-database-replaced")
    /// A write to a read-only folder or file.
    public static let readOnlyHabitDatabase = DiagnosticID("read-only-habit-database")
    /// SQLite reported an error.
    public static let habitDatabaseError = DiagnosticID("habit-database-error")
    /// A failure of no known kind, reported rather than lost.
    public static let unexpectedHabitError = DiagnosticID("unexpected-habit-error")
}
