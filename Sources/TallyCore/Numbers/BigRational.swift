import CGMP
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
        __gmpz_set(tally_mpq_numref(pointer), numerator.pointer)
        __gmpz_set(tally_mpq_denref(pointer), denominator.pointer)
        __gmpq_canonicalize(pointer)
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
        make { __gmpq_add($0, lhs.pointer, rhs.pointer) }
    }

    public static func - (lhs: BigRational, rhs: BigRational) -> BigRational {
        make { __gmpq_sub($0, lhs.pointer, rhs.pointer) }
    }

    public static func * (lhs: BigRational, rhs: BigRational) -> BigRational {
        make { __gmpq_mul($0, lhs.pointer, rhs.pointer) }
    }

    /// Division; `rhs` must not be zero.
    public static func / (lhs: BigRational, rhs: BigRational) -> BigRational {
        make { __gmpq_div($0, lhs.pointer, rhs.pointer) }
    }

    public static prefix func - (operand: BigRational) -> BigRational {
        make { __gmpq_neg($0, operand.pointer) }
    }

    /// Three-way comparison.
    public static func compare(_ lhs: BigRational, _ rhs: BigRational) -> Int {
        Int(__gmpq_cmp(lhs.pointer, rhs.pointer).signum())
    }
}
