import Synchronization
import TallyDiagnostics

/// The Ctrl-C flag of one session. The session makes it and hands it to its evaluator; the
/// terminal's signal handler sets it (through the one pointer `TerminalSignals` keeps for it),
/// and the session clears it before each line.
///
/// Each request is also counted, so that work can tell whether Ctrl-C came after it began even
/// once the flag has been cleared: a line's ``WorkMeter`` remembers the count when the line
/// starts, and long work stops when the count has moved.
public final class Interruption: Sendable {
    private let flag = Atomic<Bool>(false)
    private let requests = Atomic<UInt>(0)

    /// A flag that nothing has requested yet.
    public init() {}

    /// Asks running work to stop. Async-signal-safe: lock-free atomic operations only.
    public func request() {
        requests.wrappingAdd(1, ordering: .relaxed)
        flag.store(true, ordering: .relaxed)
    }

    /// Forgets an earlier request (work that began before it still stops).
    public func clear() { flag.store(false, ordering: .relaxed) }

    /// Whether a stop was requested since the last ``clear()``.
    public var isRequested: Bool { flag.load(ordering: .relaxed) }

    /// How many stops have been requested since the flag was made.
    var requestCount: UInt { requests.load(ordering: .relaxed) }
}
