import Synchronization
import TallyDiagnostics

/// The Ctrl-C flag. A signal handler sets it; the session clears it before the next line.
///
/// Each request is also counted, so that work can tell whether Ctrl-C came after it began even
/// once the flag has been cleared: the work meter of a line (``LineWork``) remembers the count
/// when the line starts, and long work stops when the count has moved.
public enum Interruption {
    private static let flag = Atomic<Bool>(false)
    private static let requests = Atomic<UInt>(0)

    /// Asks running work to stop. Async-signal-safe: lock-free atomic operations only.
    public static func request() {
        requests.wrappingAdd(1, ordering: .relaxed)
        flag.store(true, ordering: .relaxed)
    }

    /// Forgets an earlier request (work that began before it still stops).
    public static func clear() { flag.store(false, ordering: .relaxed) }

    /// Whether a stop was requested since the last ``clear()``.
    public static var isRequested: Bool { flag.load(ordering: .relaxed) }

    /// How many stops have been requested since the process began.
    static var requestCount: UInt { requests.load(ordering: .relaxed) }
}
