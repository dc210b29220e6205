import TallyDiagnostics

extension HabitError {
    /// The kind of diagnostic this rule gives.
    var diagnosticID: DiagnosticID {
        switch self {
        case .emptyName: return .emptyHabitName
        case .controlCharacterInName: return .controlCharacterInHabitName
        case .invisibleCharacterInName: return .invisibleCharacterInHabitName
        case .nameTooLong: return .habitNameTooLong
        case .duplicateName: return .duplicateHabitName
        case .notFound: return .unknownHabit
        case .startInFuture: return .startInFuture
        case .beforeStart: return .dayBeforeStart
        // The same kind as a future date typed on the line: only the wording names the habit.
        case .inFuture: return .dateInFuture
        case .afterArchive: return .dayAfterArchive
        case .alreadyDone: return .alreadyDone
        case .notDone: return .notDone
        case .alreadyArchived: return .alreadyArchived
        case .notArchived: return .notArchived
        case .archiveBeforeStart: return .archiveBeforeStart
        case .doneAfterArchive: return .doneAfterArchive
        case .dayStoredTwice: return .invalidHabitRow
        case .inPause: return .dayInPause
        case .skipOnDayDone: return .alreadyDone
        case .alreadySkipped: return .alreadySkipped
        case .invalidTarget: return .invalidHabitTarget
        case .startAfterDone: return .startAfterDone
        case .emptyNote, .controlCharacterInNote, .noteTooLong: return .invalidNote
        case .invalidMeasure: return .invalidHabitMeasure
        case .amountNeeded: return .habitAmountNeeded
        case .notMeasured: return .habitNotMeasured
        case .amountOverLimit: return .invalidHabitMeasure
        case .invalidPosition: return .invalidHabitPosition
        }
    }
}
