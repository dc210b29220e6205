import CGMP
import CMPFI
import Glibc
import TallyDiagnostics

/// An immutable exact fraction of any size, backed by a GMP `mpq_t`, always in lowest terms
/// with a positive denominator.
///
/// Like ``BigInteger`` it is never mutated after its initializer returns.
public final class BigRational: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<__mpq_struct>

    init() {
        pointer = heapCell(of: __mpq_struct.self)
        __gmpq_init(pointer)
    }

    deinit {
        __gmpq_clear(pointer)
        free(pointer)
    }

    /// The fraction `numerator / denominator`, reduced; `denominator` must not be zero.
    public convenience init(numerator: BigInteger, denominator: BigInteger) {
        self.init()
        if Offload.isLongGCD(numerator.pointer, denominator.pointer) {
            let job = Offload.job(TALLY_JOB_MPQ_REDUCE, numerator, denominator)
            if withExtendedLifetime((numerator, denominator), { offloaded(job) }) { return }
        }
        __gmpz_set(tally_mpq_numref(pointer), numerator.pointer)
        __gmpz_set(tally_mpq_denref(pointer), denominator.pointer)
        __gmpq_canonicalize(pointer)
    }

    /// Takes the fraction a child process computed for `job` (``Offload``): true when done (a
    /// placeholder zero when Ctrl-C stopped it), false when the caller must compute in-process.
    private func offloaded(_ job: tally_job) -> Bool {
        let outcome = Offload.run(job) { pipe -> (BigInteger, BigInteger)? in
            guard let numerator = pipe.integer(), let denominator = pipe.integer() else { return nil }
            return (numerator, denominator)
        }
        switch outcome {
        case .finished(let (numerator, denominator)):
            __gmpz_swap(tally_mpq_numref(pointer), numerator.pointer)
            __gmpz_swap(tally_mpq_denref(pointer), denominator.pointer)
            return true
        case .interrupted:
            __gmpq_set_si(pointer, 0, 1)
            return true
        case .unavailable:
            return false
        }
    }

    /// The gcds GMP takes to keep a result in lowest terms: of the denominators for a sum or
    /// difference; of each numerator with the other's denominator for a product; of the
    /// numerators and of the denominators for a quotient.
    private enum GCDs {
        case denominators, crossed, parallel

        /// Whether one of them is long enough to fork (``Offload/gcdLimbs``).
        func areLong(_ lhs: UnsafeMutablePointer<__mpq_struct>, _ rhs: UnsafeMutablePointer<__mpq_struct>) -> Bool {
            switch self {
            case .denominators:
                return Offload.isLongGCD(tally_mpq_denref(lhs), tally_mpq_denref(rhs))
            case .crossed:
                return Offload.isLongGCD(tally_mpq_numref(lhs), tally_mpq_denref(rhs))
                    || Offload.isLongGCD(tally_mpq_denref(lhs), tally_mpq_numref(rhs))
            case .parallel:
                return Offload.isLongGCD(tally_mpq_numref(lhs), tally_mpq_numref(rhs))
                    || Offload.isLongGCD(tally_mpq_denref(lhs), tally_mpq_denref(rhs))
            }
        }
    }

    /// One of GMP's fraction operations, in a child process when keeping the result in lowest
    /// terms takes a long gcd.
    private static func operation(
        _ lhs: BigRational, _ rhs: BigRational, _ gcds: GCDs,
        _ function:
            @convention(c) (
                UnsafeMutablePointer<__mpq_struct>?, UnsafePointer<__mpq_struct>?, UnsafePointer<__mpq_struct>?
            )
            -> Void
    ) -> BigRational {
        let result = BigRational()
        if gcds.areLong(lhs.pointer, rhs.pointer) {
            var job = Offload.job(TALLY_JOB_MPQ)
            job.rational_function = function
            job.rational = UnsafePointer(lhs.pointer)
            job.rational2 = UnsafePointer(rhs.pointer)
            if withExtendedLifetime((lhs, rhs), { result.offloaded(job) }) { return result }
        }
        function(result.pointer, lhs.pointer, rhs.pointer)
        return result
    }

    /// The fraction equal to the integer `value`.
    public convenience init(_ value: BigInteger) {
        self.init()
        __gmpq_set_z(pointer, value.pointer)
    }

    /// The fraction `numerator / denominator` of machine words, reduced.
    public convenience init(numerator: Int, denominator: Int) {
        self.init()
        __gmpz_set_si(tally_mpq_numref(pointer), numerator)
        __gmpz_set_si(tally_mpq_denref(pointer), denominator)
        __gmpq_canonicalize(pointer)
    }

    @inline(__always)
    static func make(_ body: (UnsafeMutablePointer<__mpq_struct>) -> Void) -> BigRational {
        let result = BigRational()
        body(result.pointer)
        return result
    }

    /// The numerator (carries the sign).
    public var numerator: BigInteger {
        BigInteger.make { __gmpz_set($0, tally_mpq_numref(pointer)) }
    }

    /// The denominator (positive).
    public var denominator: BigInteger {
        BigInteger.make { __gmpz_set($0, tally_mpq_denref(pointer)) }
    }

    /// Decimal digits of the longer of numerator and denominator: exact or one too many.
    public var decimalSizeEstimate: Int {
        Swift.max(
            Int(__gmpz_sizeinbase(tally_mpq_numref(pointer), 10)), Int(__gmpz_sizeinbase(tally_mpq_denref(pointer), 10))
        )
    }

    /// Whether the denominator is 1.
    public var isInteger: Bool { __gmpz_cmp_si(tally_mpq_denref(pointer), 1) == 0 }

    /// -1, 0 or 1.
    public var signum: Int { Int(tally_mpq_sgn(pointer)) }

    public static func + (lhs: BigRational, rhs: BigRational) -> BigRational {
        operation(lhs, rhs, .denominators, __gmpq_add)
    }

    public static func - (lhs: BigRational, rhs: BigRational) -> BigRational {
        operation(lhs, rhs, .denominators, __gmpq_sub)
    }

    public static func * (lhs: BigRational, rhs: BigRational) -> BigRational {
        operation(lhs, rhs, .crossed, __gmpq_mul)
    }

    /// Division; `rhs` must not be zero.
    public static func / (lhs: BigRational, rhs: BigRational) -> BigRational {
        operation(lhs, rhs, .parallel, __gmpq_div)
    }

    public static prefix func - (operand: BigRational) -> BigRational {
        make { __gmpq_neg($0, operand.pointer) }
    }

    /// Three-way comparison.
    public static func compare(_ lhs: BigRational, _ rhs: BigRational) -> Int {
        Int(__gmpq_cmp(lhs.pointer, rhs.pointer).signum())
    }
}
