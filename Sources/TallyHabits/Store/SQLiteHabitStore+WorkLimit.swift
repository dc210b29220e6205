import CSQLite

extension SQLiteHabitStore {
    /// Why SQLite's work on a foreign file was stopped.
    enum WorkStop: Error, Equatable {
        /// It took more than its budget of steps.
        case overBudget(steps: Int64)
        /// Ctrl-C.
        case interrupted
    }

    /// Runs `body`, whose statements SQLite stops (`sqlite3_progress_handler`) once they have
    /// run `steps` of its virtual machine's instructions in all, or as soon as `isInterrupted`
    /// says Ctrl-C was pressed (looked at every thousand instructions): a hostile file's query
    /// (a trigger, a sort spilling to disk) then ends in ``WorkStop`` instead of running on.
    func withWorkLimit<Result>(
        steps: Int64, isInterrupted: @escaping () -> Bool, _ body: () throws -> Result
    ) throws -> Result {
        let limit = WorkLimit(calls: steps / WorkLimit.stepsPerCall, isInterrupted: isInterrupted)
        let context = Unmanaged.passRetained(limit)
        sqlite3_progress_handler(
            connection, Int32(WorkLimit.stepsPerCall),
            { context in
                Unmanaged<WorkLimit>.fromOpaque(context!)._withUnsafeGuaranteedRef { $0.shouldStop() } ? 1 : 0
            }, context.toOpaque())
        defer {
            sqlite3_progress_handler(connection, 0, nil, nil)
            context.release()
        }
        do {
            return try body()
        } catch {
            if limit.wasInterrupted { throw WorkStop.interrupted }
            if limit.remainingCalls < 0 { throw WorkStop.overBudget(steps: steps) }
            throw error
        }
    }

    /// The state the progress handler reads: one per ``withWorkLimit(steps:isInterrupted:_:)``.
    private final class WorkLimit {
        /// How many instructions SQLite runs between two calls of the handler.
        static let stepsPerCall: Int64 = 1000
        var remainingCalls: Int64
        var wasInterrupted = false
        let isInterrupted: () -> Bool

        init(calls: Int64, isInterrupted: @escaping () -> Bool) {
            remainingCalls = calls
            self.isInterrupted = isInterrupted
        }

        func shouldStop() -> Bool {
            remainingCalls -= 1
            if isInterrupted() { wasInterrupted = true }
            return remainingCalls < 0 || wasInterrupted
        }
    }
}
