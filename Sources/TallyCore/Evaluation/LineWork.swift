import Glibc
import TallyDiagnostics

/// The work meter of one line: the one place that decides whether its work goes on, for the
/// work budget (`set maxwork`) and for Ctrl-C alike.
///
/// Every operation whose cost grows with its operands charges its estimated cost in steps
/// before it starts (``EvaluationSettings/chargeWork(_:at:)``): an operation on numbers beyond a
/// machine word its digits, a modular power its multiplications, a call of a user function its
/// body's instructions, a decision about a real each evaluation at a higher precision. A charge
/// that takes the line past its budget fails, before the step is taken. Long loops that cannot
/// throw (a factorization, a decision's precision loop) poll ``mustStop`` and give up; the
/// evaluator then reports the interruption or the budget rather than the give-up.
///
/// The evaluator owns its meter and restarts it for each line, with the session's
/// ``Interruption``. A line remembers how many Ctrl-C requests there had been when it started,
/// so that work abandoned on a background thread still sees its interruption after the session
/// has cleared the flag for the next line. Only the thread running a line touches its meter:
/// an evaluator restarts its meter only when no copy of it shares the meter, and makes a new
/// one otherwise: that is why its `@unchecked Sendable` is sound.
final class WorkMeter: @unchecked Sendable {
    private var spent: Double = 0
    /// The budget of the line, in steps.
    private(set) var limit: Double = .infinity
    /// Whether a charge has taken the line past its budget.
    private(set) var isExhausted = false
    /// The count of stop requests when the line began.
    private(set) var requestsAtStart: UInt
    /// The session's Ctrl-C flag.
    let interruption: Interruption

    init(interruption: Interruption) {
        self.interruption = interruption
        requestsAtStart = interruption.requestCount
    }

    /// Starts a new line's count, with a budget of `limit` steps.
    @inline(__always)
    func restart(limit: Double) {
        spent = 0
        self.limit = limit
        isExhausted = false
        requestsAtStart = interruption.requestCount
    }

    /// Adds `steps` to the line's count; false when the line must stop: the count has passed
    /// the budget (then it stays exhausted) or Ctrl-C has been pressed since the line began.
    @inline(__always)
    func charge(_ steps: Double) -> Bool {
        spent += steps
        if !(spent <= limit) { isExhausted = true }
        return !isExhausted && !isInterrupted
    }

    /// Whether Ctrl-C has been pressed since the line began.
    var isInterrupted: Bool { interruption.requestCount != requestsAtStart }

    /// Whether the line's work must stop now: interrupted or out of budget.
    var mustStop: Bool { isExhausted || isInterrupted }
}

/// The meter of the line running on this thread, for the code below the evaluator that
/// charges work — a size check, a factorization, a real's precision loop — without being
/// handed a context: not a process global, but the evaluator's own meter, installed for the
/// duration of a line (``install(_:)``, ``uninstall()``) and taken away after it. Lines do not
/// nest on a thread, so nothing is put back. With no line running (a library caller outside the
/// evaluator), nothing is limited.
///
/// Handing the meter down explicitly would thread a parameter through every size check of
/// `Numbers/` and `Reals/` and every operator that reaches them (hundreds of signatures), for
/// no gain in what the compiler can check: the meter is scoped to the line either way.
enum LineWork {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Makes `meter` this thread's meter until ``uninstall()``, which the caller must call
    /// before `meter` can go (the slot does not retain it).
    @inline(__always)
    static func install(_ meter: WorkMeter) {
        pthread_setspecific(key, Unmanaged.passUnretained(meter).toOpaque())
    }

    /// Empties this thread's slot: the line has ended.
    @inline(__always)
    static func uninstall() {
        pthread_setspecific(key, nil)
    }

    /// This thread's meter while a line runs.
    @inline(__always)
    private static var meter: WorkMeter? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<WorkMeter>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// ``WorkMeter/charge(_:)`` on this thread's line; true when no line runs.
    @inline(__always)
    static func charge(_ steps: Double) -> Bool { meter?.charge(steps) ?? true }

    /// Whether Ctrl-C has been pressed since this thread's line began.
    static var isInterrupted: Bool { meter?.isInterrupted ?? false }

    /// Whether a charge has taken this thread's line past its budget.
    static var isExhausted: Bool { meter?.isExhausted ?? false }

    /// Whether the work of this thread's line must stop now: interrupted or out of budget.
    static var mustStop: Bool { meter?.mustStop ?? false }

}
