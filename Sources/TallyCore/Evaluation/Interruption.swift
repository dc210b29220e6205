import Synchronization
import TallyDiagnostics

/// The Ctrl-C flag. A signal handler sets it; long work polls it and stops with an
/// "interrupted" diagnostic, and the session clears it before the next line.
public enum Interruption {
    private static let flag = Atomic<Bool>(false)

    /// Asks running work to stop. Async-signal-safe: a single atomic store.
    public static func request() { flag.store(true, ordering: .relaxed) }

    /// Forgets an earlier request.
    public static func clear() { flag.store(false, ordering: .relaxed) }

    /// Whether work should stop now.
    public static var isRequested: Bool { flag.load(ordering: .relaxed) }

    /// Throws the "interrupted" diagnostic when a stop was requested.
    @inline(__always)
    public static func check(at span: SourceSpan) throws(Diagnostic) {
        if isRequested { throw Diagnostic(.interrupted, "interrupted", at: span) }
    }
}
