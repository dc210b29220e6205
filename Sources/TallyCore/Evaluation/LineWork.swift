import Glibc
import TallyDiagnostics

/// The work meter of the line being evaluated on this thread: the one place that decides
/// whether work goes on, for the work budget (`set maxwork`) and for Ctrl-C alike.
///
/// Every operation whose cost grows with its operands charges its estimated cost in steps
/// before it starts (``EvaluationSettings/chargeWork(_:at:)``): an operation on numbers beyond a
/// machine word its digits, a modular power its multiplications, a call of a user function its
/// body's instructions, a decision about a real each evaluation at a higher precision. A charge
/// that takes the line past its budget fails, before the step is taken. Long loops that cannot
/// throw (a factorization, a decision's precision loop) poll ``mustStop`` and give up; the
/// evaluator then reports the interruption or the budget rather than the give-up.
///
/// Kept per thread rather than in the evaluator, so that every size check can charge it
/// without being handed a context; the evaluator starts each line with ``reset(limit:)``. A
/// line also remembers how many Ctrl-C requests there had been when it started, so that work
/// abandoned on a background thread still sees its interruption after the session has cleared
/// the flag for the next line.
enum LineWork {
    private struct Meter {
        var spent: Double = 0
        var limit: Double = .infinity
        var requestsAtStart: UInt = 0
        var isExhausted = false
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    private static var meter: UnsafeMutablePointer<Meter> {
        if let existing = pthread_getspecific(key) { return existing.assumingMemoryBound(to: Meter.self) }
        let created = UnsafeMutablePointer<Meter>.allocate(capacity: 1)
        created.initialize(to: Meter())
        pthread_setspecific(key, created)
        return created
    }

    /// Starts a new line's count, with a budget of `limit` steps.
    static func reset(limit: Double) {
        meter.pointee = Meter(limit: limit, requestsAtStart: Interruption.requestCount)
    }

    /// Adds `steps` to this line's count; false when the line must stop: the count has passed
    /// the budget (then it stays exhausted) or Ctrl-C has been pressed since the line began.
    @inline(__always)
    static func charge(_ steps: Double) -> Bool {
        let meter = meter
        meter.pointee.spent += steps
        if !(meter.pointee.spent <= meter.pointee.limit) { meter.pointee.isExhausted = true }
        return !meter.pointee.isExhausted && Interruption.requestCount == meter.pointee.requestsAtStart
    }

    /// Whether Ctrl-C has been pressed since this thread's line began.
    /// The count of stop requests when the line began: a loop that reads it once compares
    /// ``Interruption/requestCount`` with it per step, without the thread's meter.
    static var requestsAtStart: UInt { meter.pointee.requestsAtStart }

    static var isInterrupted: Bool { Interruption.requestCount != meter.pointee.requestsAtStart }

    /// Whether a charge has taken this thread's line past its budget.
    static var isExhausted: Bool { meter.pointee.isExhausted }

    /// Whether the work of this thread's line must stop now: interrupted or out of budget.
    static var mustStop: Bool {
        let meter = meter
        return meter.pointee.isExhausted || Interruption.requestCount != meter.pointee.requestsAtStart
    }

    /// The budget of this thread's line, in steps.
    static var limit: Double { meter.pointee.limit }
}
