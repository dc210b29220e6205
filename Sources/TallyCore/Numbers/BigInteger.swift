import CGMP
import CMPFI
import Glibc
import TallyDiagnostics

/// An immutable integer of any size, backed by a GMP `mpz_t`.
///
/// This type and ``BigRational`` are the only places that touch GMP pointers. Every operation
/// returns a new value; an instance is never mutated once its initializer returns, which is what
/// makes the `@unchecked Sendable` conformance sound.
public final class BigInteger: @unchecked Sendable {
    /// The GMP value, behind a stable heap pointer so GMP may read it while another is written.
    /// One limb follows it in the same allocation, for a value of a machine word's size.
    let pointer: UnsafeMutablePointer<__mpz_struct>

    /// The structure and the limb after it, in one allocation.
    private static func cell() -> UnsafeMutablePointer<__mpz_struct> {
        heapCell(of: __mpz_struct.self, trailingBytes: MemoryLayout<mp_limb_t>.stride)
    }

    /// Creates zero; internal callers fill it in through `pointer` before anyone else sees it.
    init() {
        pointer = Self.cell()
        __gmpz_init(pointer)
    }

    /// The integer ±`magnitude`, its one limb in the cell itself (GMP's read-only form,
    /// `mpz_roinit_n`): GMP reads it like any other and allocates nothing for it. Never written
    /// to, as no `BigInteger` is once made.
    private init(magnitude: UInt, negative: Bool) {
        pointer = Self.cell()
        let limb = UnsafeMutableRawPointer(pointer + 1).bindMemory(to: mp_limb_t.self, capacity: 1)
        limb.pointee = mp_limb_t(magnitude)
        _ = __gmpz_roinit_n(pointer, limb, magnitude == 0 ? 0 : negative ? -1 : 1)
    }

    deinit {
        // A read-only value (and, since GMP 6.2, a fresh zero) owns no limbs: nothing to clear.
        if pointer.pointee._mp_alloc != 0 { __gmpz_clear(pointer) }
        free(pointer)
    }

    /// Creates the integer equal to `value`.
    public convenience init(_ value: Int) {
        self.init(magnitude: value.magnitude, negative: value < 0)
    }

    /// Creates the integer equal to `value`.
    public convenience init(_ value: UInt) {
        self.init(magnitude: value, negative: false)
    }

    /// Parses digits in `radix` (2...36); `nil` if `text` is not a valid numeral.
    public convenience init?(_ text: String, radix: Int32 = 10) {
        self.init()
        if __gmpz_set_str(pointer, text, radix) != 0 { return nil }
    }

    /// Builds a value by letting GMP write into a fresh result.
    @inline(__always)
    static func make(_ body: (UnsafeMutablePointer<__mpz_struct>) -> Void) -> BigInteger {
        let result = BigInteger()
        body(result.pointer)
        return result
    }

    // MARK: Queries

    /// -1, 0 or 1.
    public var signum: Int { Int(tally_mpz_sgn(pointer)) }

    /// The value as an `Int`, or `nil` when it does not fit in one.
    public var intValue: Int? {
        __gmpz_fits_slong_p(pointer) != 0 ? __gmpz_get_si(pointer) : nil
    }

    /// The value as a `UInt`, or `nil` when it is negative or does not fit in one.
    public var uintValue: UInt? {
        signum >= 0 && __gmpz_fits_ulong_p(pointer) != 0 ? __gmpz_get_ui(pointer) : nil
    }

    /// Whether the value is even.
    public var isEven: Bool { tally_mpz_even_p(pointer) != 0 }

    /// The number of bits in the absolute value (0 for zero).
    public var bitWidth: Int { signum == 0 ? 0 : Int(__gmpz_sizeinbase(pointer, 2)) }

    /// The number of decimal digits of the absolute value: exact or one too many (GMP's estimate).
    public var decimalDigitsEstimate: Int { Int(__gmpz_sizeinbase(pointer, 10)) }

    /// log10 of the absolute value, accurate to about 1e-15 relative (the value must be non-zero).
    public var log10Magnitude: Double {
        var exponent = 0
        let mantissa = __gmpz_get_d_2exp(&exponent, pointer)
        return log10Of(Swift.abs(mantissa)) + Double(exponent) * 0.30102999566398119521
    }

    /// |value| when it fits in a machine word.
    var magnitudeWord: UInt? {
        __gmpz_size(pointer) <= 1 ? UInt(__gmpz_getlimbn(pointer, 0)) : nil
    }

    /// Calls `body` with the digits in `radix`, after a `-` when negative, in scratch space.
    func withDescription<Result>(radix: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let capacity = Int(__gmpz_sizeinbase(pointer, radix)) + 2
        if capacity > Offload.conversionBits / 3, let digits = offloadedDigits(radix: radix) {
            return digits.withUnsafeBufferPointer { body($0) }
        }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { chars in
            _ = __gmpz_get_str(chars.baseAddress, radix, pointer)
            let length = strlen(chars.baseAddress!)
            return UnsafeRawBufferPointer(start: chars.baseAddress, count: length).withMemoryRebound(to: UInt8.self) {
                body($0)
            }
        }
    }

    /// The digits of a huge number, converted in a child process (``Offload``); nil when the
    /// caller must convert in-process, a single zero when Ctrl-C stopped the conversion.
    private func offloadedDigits(radix: Int32) -> [UInt8]? {
        if bitWidth <= Offload.conversionBits { return nil }
        let job = Offload.job(TALLY_JOB_GET_STR, self, u: UInt(radix))
        switch withExtendedLifetime(self, { Offload.run(job) { $0.text()?.bytes } }) {
        case .finished(let digits): return digits
        case .interrupted: return [UInt8(ascii: "0")]
        case .unavailable: return nil
        }
    }

    /// The decimal (or other `radix`) representation, with a leading `-` when negative.
    public func description(radix: Int32 = 10) -> String {
        withDescription(radix: radix) { String(decoding: $0, as: UTF8.self) }
    }

    /// The decimal representation as a message quotes it: whole up to 40 digits, otherwise its
    /// first and last four digits and the count, `1234…5678 (901 digits)`, so that an error about
    /// a huge integer stays one line.
    public var abbreviatedDescription: String {
        withDescription(radix: 10) { text in
            let sign = text.first == UInt8(ascii: "-") ? 1 : 0
            let digitCount = text.count - sign
            if digitCount <= 40 { return String(decoding: text, as: UTF8.self) }
            let head = String(decoding: text[0..<(sign + 4)], as: UTF8.self)
            let tail = String(decoding: text[(text.count - 4)...], as: UTF8.self)
            return "\(head)…\(tail) (\(grouped(digitCount)) digits)"
        }
    }

    // MARK: Arithmetic

    public static func + (lhs: BigInteger, rhs: BigInteger) -> BigInteger {
        make { __gmpz_add($0, lhs.pointer, rhs.pointer) }
    }

    public static func - (lhs: BigInteger, rhs: BigInteger) -> BigInteger {
        make { __gmpz_sub($0, lhs.pointer, rhs.pointer) }
    }

    public static func * (lhs: BigInteger, rhs: BigInteger) -> BigInteger {
        if __gmpz_size(lhs.pointer) + __gmpz_size(rhs.pointer) > Offload.productLimbs,
            let product = withExtendedLifetime((lhs, rhs), { Offload.integer(Offload.job(TALLY_JOB_MUL, lhs, rhs)) })
        {
            return product
        }
        return make { __gmpz_mul($0, lhs.pointer, rhs.pointer) }
    }

    public static prefix func - (operand: BigInteger) -> BigInteger {
        make { __gmpz_neg($0, operand.pointer) }
    }

    /// The absolute value.
    public var magnitude: BigInteger { signum >= 0 ? self : -self }

    /// Quotient rounded toward negative infinity and the matching remainder (sign of `divisor`).
    public func flooredDivision(by divisor: BigInteger) -> (quotient: BigInteger, remainder: BigInteger) {
        if let division = offloadedDivision(by: divisor, TALLY_JOB_FDIV_QR) { return division }
        let quotient = BigInteger()
        let remainder = BigInteger()
        __gmpz_fdiv_qr(quotient.pointer, remainder.pointer, pointer, divisor.pointer)
        return (quotient, remainder)
    }

    /// A division of numbers of millions of digits (by one of more than a few limbs, as dividing
    /// by a short number costs little), in a child process (``Offload``); nil when the caller
    /// must divide in-process, zeros when Ctrl-C stopped it.
    private func offloadedDivision(by divisor: BigInteger, _ kind: tally_job_kind) -> (
        quotient: BigInteger, remainder: BigInteger
    )? {
        guard __gmpz_size(pointer) > Offload.productLimbs, __gmpz_size(divisor.pointer) > 64 else { return nil }
        let job = Offload.job(kind, self, divisor)
        let outcome = withExtendedLifetime((self, divisor)) {
            Offload.run(job) { pipe -> (BigInteger, BigInteger)? in
                guard let quotient = pipe.integer(), let remainder = pipe.integer() else { return nil }
                return (quotient, remainder)
            }
        }
        switch outcome {
        case .finished(let division): return division
        case .interrupted: return (BigInteger(), BigInteger())
        case .unavailable: return nil
        }
    }

    /// `self` raised to a non-negative machine-word power.
    public func power(_ exponent: UInt) -> BigInteger {
        if Double(bitWidth) * Double(exponent) > Double(Offload.resultBits),
            let power = withExtendedLifetime(
                self, { Offload.integer(Offload.job(TALLY_JOB_POW_UI, self, u: exponent)) })
        {
            return power
        }
        return BigInteger.make { __gmpz_pow_ui($0, pointer, exponent) }
    }

    /// `base` raised to `exponent`, both machine words.
    public static func power(_ base: UInt, _ exponent: UInt) -> BigInteger {
        if Double(UInt.bitWidth - base.leadingZeroBitCount) * Double(exponent) > Double(Offload.resultBits),
            let power = Offload.integer(Offload.job(TALLY_JOB_UI_POW_UI, u: base, v: exponent))
        {
            return power
        }
        return make { __gmpz_ui_pow_ui($0, base, exponent) }
    }

    /// `self * 2^bits` (bits may be negative: then floor division by a power of two).
    public func shifted(by bits: Int) -> BigInteger {
        if bits >= 0 {
            return BigInteger.make { __gmpz_mul_2exp($0, pointer, UInt(bits)) }
        }
        return BigInteger.make { __gmpz_fdiv_q_2exp($0, pointer, UInt(-bits)) }
    }

    /// The `n`th root rounded toward zero, and whether it is exact. `self` must be non-negative
    /// when `n` is even.
    public func root(_ n: UInt) -> (root: BigInteger, isExact: Bool) {
        if __gmpz_size(pointer) > Offload.rootLimbs {
            let job = Offload.job(TALLY_JOB_ROOT, self, u: n)
            let outcome = withExtendedLifetime(self) {
                Offload.run(job) { pipe -> (BigInteger, Bool)? in
                    guard let root = pipe.integer(), let exact = pipe.words(1) else { return nil }
                    return (root, exact[0] != 0)
                }
            }
            switch outcome {
            case .finished(let root): return root
            case .interrupted: return (BigInteger(), false)
            case .unavailable: break
            }
        }
        let result = BigInteger()
        let exact = __gmpz_root(result.pointer, pointer, n) != 0
        return (result, exact)
    }

    /// `n!` for a machine-word `n`.
    public static func factorial(_ n: UInt) -> BigInteger {
        if n >= Offload.factorialArgument, let value = Offload.integer(Offload.job(TALLY_JOB_FAC_UI, u: n)) {
            return value
        }
        return make { __gmpz_fac_ui($0, n) }
    }

    /// The double factorial n!! = n·(n−2)·(n−4)·…, down to 1 or 2.
    public static func doubleFactorial(_ n: UInt) -> BigInteger {
        if n >= 2 * Offload.factorialArgument, let value = Offload.integer(Offload.job(TALLY_JOB_2FAC_UI, u: n)) {
            return value
        }
        return make { __gmpz_2fac_ui($0, n) }
    }

    /// The greatest common divisor (non-negative).
    public static func gcd(_ lhs: BigInteger, _ rhs: BigInteger) -> BigInteger {
        offloaded(TALLY_JOB_GCD, lhs, rhs) ?? make { __gmpz_gcd($0, lhs.pointer, rhs.pointer) }
    }

    /// The least common multiple (non-negative).
    public static func lcm(_ lhs: BigInteger, _ rhs: BigInteger) -> BigInteger {
        offloaded(TALLY_JOB_LCM, lhs, rhs) ?? make { __gmpz_lcm($0, lhs.pointer, rhs.pointer) }
    }

    /// A gcd or lcm of two numbers of many limbs each, in a child process (``Offload``); nil
    /// when the caller must compute it in-process.
    private static func offloaded(_ kind: tally_job_kind, _ lhs: BigInteger, _ rhs: BigInteger) -> BigInteger? {
        guard Offload.isLongGCD(lhs.pointer, rhs.pointer) else { return nil }
        return withExtendedLifetime((lhs, rhs)) { Offload.integer(Offload.job(kind, lhs, rhs)) }
    }

    /// Three-way comparison.
    public static func compare(_ lhs: BigInteger, _ rhs: BigInteger) -> Int {
        Int(__gmpz_cmp(lhs.pointer, rhs.pointer).signum())
    }

    /// Three-way comparison with a machine word.
    public func compare(_ value: Int) -> Int {
        Int(__gmpz_cmp_si(pointer, value).signum())
    }

    /// Whether the value is exactly 1.
    public var isOne: Bool { compare(1) == 0 }
}

extension BigInteger: Equatable, Comparable {
    public static func == (lhs: BigInteger, rhs: BigInteger) -> Bool { compare(lhs, rhs) == 0 }
    public static func < (lhs: BigInteger, rhs: BigInteger) -> Bool { compare(lhs, rhs) < 0 }
}

/// log10 from the C library (no Foundation on this path).
@inline(__always)
func log10Of(_ value: Double) -> Double {
    Glibc.log10(value)
}

/// Room for one `T`, and `trailingBytes` after it, from `malloc`, whose alignment suits GMP's
/// and MPFR's structures: unlike `UnsafeMutablePointer.allocate`, which takes the runtime's
/// aligned path (`posix_memalign`, twice the cost, paid for every number that outgrows a
/// machine word). Freed with `free`.
@inline(__always)
func heapCell<T>(of _: T.Type, trailingBytes: Int = 0) -> UnsafeMutablePointer<T> {
    guard let memory = malloc(MemoryLayout<T>.stride + trailingBytes) else { fatalError("out of memory") }
    return memory.bindMemory(to: T.self, capacity: 1)
}
