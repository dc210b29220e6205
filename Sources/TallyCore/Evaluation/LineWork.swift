import Glibc
import TallyDiagnostics

/// The digits the operations of the line being evaluated on this thread have handled so far:
/// a line may hold a hundred thousand operands, each allowed up to `maxdigits` digits, so each
/// operation on numbers beyond a machine word adds its operands' and result's size here, and
/// the total per line is bounded (``EvaluationSettings/lineWorkLimit``).
///
/// Kept per thread rather than in the evaluator, so that every size check can charge it
/// without being handed a context; the evaluator starts each line with ``reset()``.
enum LineWork {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    private static var counter: UnsafeMutablePointer<Double> {
        if let existing = pthread_getspecific(key) { return existing.assumingMemoryBound(to: Double.self) }
        let created = UnsafeMutablePointer<Double>.allocate(capacity: 1)
        created.initialize(to: 0)
        pthread_setspecific(key, created)
        return created
    }

    /// Starts a new line's count.
    static func reset() {
        counter.pointee = 0
    }

    /// Adds `digits` to this line's count and returns the new total.
    static func charge(_ digits: Double) -> Double {
        let counter = counter
        counter.pointee += digits
        return counter.pointee
    }
}
