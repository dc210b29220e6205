import Glibc
import Synchronization
import TallyCore
import TallyDiagnostics

/// Runs a piece of work on a thread of its own while the caller waits for it or for Ctrl-C,
/// whichever comes first.
///
/// A single GMP or MPFR operation (`14000000!`, a million digits of a sine) cannot be stopped
/// part-way, so Ctrl-C does not wait for it: the caller gets nil at once and goes on, and the
/// work finishes on its thread and is thrown away. The work must therefore own what it
/// changes — the interactive session hands it a copy of the evaluator and keeps the copy only
/// when the work completes.
enum BackgroundWork {
    /// How often the caller looks for Ctrl-C while it waits.
    static let pollInterval: UInt32 = 2_000  // microseconds

    /// The work's result, or nil when Ctrl-C (a request on `interruption`) came first.
    static func run<Result: Sendable>(
        watching interruption: Interruption, _ work: @escaping @Sendable () -> Result
    ) -> Result? {
        let slot = Slot<Result>()
        guard start({ slot.fill(work()) }) else {
            // No thread to be had: do the work here, uninterruptibly rather than not at all.
            return work()
        }
        while true {
            if let result = slot.take() { return result }
            if interruption.isRequested {
                // SIGTERM or SIGHUP while a line runs: the terminal is in line mode; just end.
                TerminalSignals.endIfTerminated()
                return nil
            }
            usleep(pollInterval)
        }
    }

    /// Starts `body` on a new detached thread; false when no thread could be created.
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let job = Unmanaged.passRetained(Job(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        // Room for deep expressions, as on the main thread.
        pthread_attr_setstacksize(&attributes, 16 << 20)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let status = pthread_create(
            &thread, &attributes,
            { context in
                let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
                job.body()
                return nil
            }, job)
        if status != 0 {
            Unmanaged<Job>.fromOpaque(job).release()
            return false
        }
        return true
    }

    private final class Job: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Where the work leaves its result for the waiting thread.
    private final class Slot<Value: Sendable>: Sendable {
        private let value = Mutex<Value?>(nil)
        func fill(_ result: Value) { value.withLock { $0 = result } }
        func take() -> Value? { value.withLock { $0.take() } }
    }
}
