import TallyDiagnostics

extension HabitStoreError {
    /// The kind of diagnostic this database problem gives.
    var diagnosticID: DiagnosticID {
        switch self {
        case .cannotCreateDirectory: return .cannotCreateDataDirectory
        case .cannotOpen: return .cannotOpenHabitDatabase
        case .notADatabase: return .notAHabitDatabase
        case .foreignDatabase: return .foreignHabitDatabase
        case .newerSchema: return .newerHabitSchema
        case .damaged: return .damagedHabitDatabase
        case .invalidRow: return .invalidHabitRow
        case .orphanCompletion: return .orphanCompletion
        case .constraintViolated: return .habitConstraintViolated
        case .replaced, .replacedDuringWrite: return .habitDatabaseReplaced
        case .readOnly: return .readOnlyHabitDatabase
        case .sqlite: return .habitDatabaseError
        }
    }
}
