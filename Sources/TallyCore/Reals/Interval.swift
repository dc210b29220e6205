import CGMP
import CMPFI
import Glibc
import TallyDiagnostics

/// A closed interval of floating-point numbers, at one binary precision, that contains a real
/// number: the one type that touches MPFI's and MPFR's pointers.
///
/// MPFI rounds every operation outward and MPFR rounds each endpoint correctly, so the true
/// value is always inside, however the interval was computed. Its width says how much is known:
/// ``Real`` evaluates again at a higher precision until the interval decides what it is asked
/// (Ziv's strategy). An instance is never mutated once its initializer returns.
final class Interval: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<__mpfi_struct>

    /// An interval of `precision` bits, to be filled in by the initializer that makes it.
    private init(precision: Int) {
        pointer = heapCell(of: __mpfi_struct.self)
        mpfi_init2(pointer, mpfr_prec_t(Swift.max(precision, 2)))
    }

    deinit {
        mpfi_clear(pointer)
        free(pointer)
    }

    /// Builds an interval by letting MPFI write into a fresh one.
    @inline(__always)
    static func make(precision: Int, _ body: (UnsafeMutablePointer<__mpfi_struct>) -> Void) -> Interval {
        let result = Interval(precision: precision)
        body(result.pointer)
        return result
    }

    /// The smallest interval at `precision` bits around the exact `number`.
    convenience init(_ number: Number, precision: Int) {
        self.init(precision: precision)
        switch number.storage {
        case .small(let value):
            mpfi_set_si(pointer, value)
        case .bigInteger(let value):
            mpfi_set_z(pointer, value.pointer)
        case .smallFraction, .bigFraction:
            // The fraction is made for this call: it must live until MPFI has read it.
            let rational = number.rational
            withExtendedLifetime(rational) { _ = mpfi_set_q(pointer, rational.pointer) }
        }
    }

    /// The interval a child process computes for `job` at `precision` bits (``Offload``); nil
    /// when the caller must compute it in-process, an interval holding zero (a placeholder the
    /// line never shows) when Ctrl-C stopped it.
    private static func offloaded(_ job: tally_job, precision: Int) -> Interval? {
        var job = job
        let result = Interval(precision: precision)
        job.precision = mpfr_prec_t(Swift.max(precision, 2))
        let outcome = Offload.run(job) { pipe in
            pipe.real(into: tally_mpfi_left(result.pointer)) && pipe.real(into: tally_mpfi_right(result.pointer))
                ? result : nil
        }
        switch outcome {
        case .finished(let interval): return interval
        case .interrupted: return Interval(Number(0), precision: precision)
        case .unavailable: return nil
        }
    }

    /// Widens MPFR's exponent range to the most it allows, so that huge and tiny values stay
    /// finite. The range is per thread: every evaluation calls this first.
    static func prepareExponentRange() {
        mpfr_set_emin(mpfr_get_emin_min())
        mpfr_set_emax(mpfr_get_emax_max())
    }

    // MARK: Operations

    /// One MPFI function of one interval (`mpfi_sin`): a C function, which a child process
    /// can run (``Offload``).
    typealias IntervalFunction =
        @convention(c) (
            UnsafeMutablePointer<__mpfi_struct>?, UnsafePointer<__mpfi_struct>?
        ) -> Int32

    /// The functions that cost about a product (or nothing): forked only at the precision of a
    /// long product, as a fork costs more than they do below it.
    private static let productLike: [UInt] = [
        mpfi_set, mpfi_neg, mpfi_abs, mpfi_sqr, mpfi_inv, mpfi_sqrt, mpfi_cbrt,
    ].map { unsafeBitCast($0 as IntervalFunction, to: UInt.self) }

    /// The interval of a one-argument MPFI function of this one.
    func map(precision: Int, _ function: IntervalFunction) -> Interval {
        if precision > Offload.realPrecisionBits,
            precision > Offload.productLimbs * 64
                || !Interval.productLike.contains(unsafeBitCast(function, to: UInt.self))
        {
            var job = tally_job()
            job.kind = Int32(TALLY_JOB_MPFI_MAP.rawValue)
            job.interval_function = function
            job.interval = UnsafePointer(pointer)
            if let result = withExtendedLifetime(self, { Interval.offloaded(job, precision: precision) }) {
                return result
            }
        }
        return Interval.make(precision: precision) { _ = function($0, pointer) }
    }

    /// The interval of a two-argument MPFI function of this one and `other`.
    func combine(_ other: Interval, precision: Int, _ function: IntervalFunction2) -> Interval {
        // A sum or difference costs nothing next to a fork; a product, quotient or other
        // function of two intervals of more bits than a long product (about 4 million: an MPFR
        // quotient takes 47 ms at 4 million bits, 0.25 s at 16 million and 1.4 s at 64
        // million, and MPFI takes two or more) is forked (``Offload``).
        if precision > Offload.productLimbs * 64, !Interval.sumLike.contains(unsafeBitCast(function, to: UInt.self)) {
            var job = tally_job()
            job.kind = Int32(TALLY_JOB_MPFI_COMBINE.rawValue)
            job.interval_function2 = function
            job.interval = UnsafePointer(pointer)
            job.interval2 = UnsafePointer(other.pointer)
            if let result = withExtendedLifetime((self, other), { Interval.offloaded(job, precision: precision) }) {
                return result
            }
        }
        return Interval.make(precision: precision) { _ = function($0, pointer, other.pointer) }
    }

    /// One MPFI function of two intervals (`mpfi_mul`).
    typealias IntervalFunction2 =
        @convention(c) (
            UnsafeMutablePointer<__mpfi_struct>?, UnsafePointer<__mpfi_struct>?, UnsafePointer<__mpfi_struct>?
        ) -> Int32

    /// The functions of two intervals that cost about a copy: never forked.
    private static let sumLike: [UInt] = [mpfi_add, mpfi_sub].map {
        unsafeBitCast($0 as IntervalFunction2, to: UInt.self)
    }

    /// This interval times the exact `number`.
    func multiplied(by number: Number, precision: Int) -> Interval {
        switch number.storage {
        case .small(let value):
            return Interval.make(precision: precision) { _ = mpfi_mul_si($0, pointer, value) }
        case .bigInteger(let value):
            return Interval.make(precision: precision) { _ = mpfi_mul_z($0, pointer, value.pointer) }
        case .smallFraction, .bigFraction:
            let rational = number.rational
            return withExtendedLifetime(rational) {
                Interval.make(precision: precision) { _ = mpfi_mul_q($0, pointer, rational.pointer) }
            }
        }
    }

    /// The `n`th root (n ≥ 1) of a non-negative interval, or of any interval for odd `n`: the
    /// root is increasing, so the endpoints' roots rounded outward bound it.
    func root(_ n: Int, precision: Int) -> Interval {
        switch n {
        case 1: return map(precision: precision, mpfi_set)
        case 2: return map(precision: precision, mpfi_sqrt)
        case 3: return map(precision: precision, mpfi_cbrt)
        default:
            return Interval.make(precision: precision) { result in
                _ = mpfr_rootn_ui(tally_mpfi_left(result), tally_mpfi_left(pointer), UInt(n), MPFR_RNDD)
                _ = mpfr_rootn_ui(tally_mpfi_right(result), tally_mpfi_right(pointer), UInt(n), MPFR_RNDU)
            }
        }
    }

    /// The smaller (`largest` false) or larger of two values, bounded endpoint by endpoint: the
    /// bounds of min(x, y) are the minima of the bounds, whether or not x and y can be told apart.
    func extreme(_ other: Interval, largest: Bool, precision: Int) -> Interval {
        Interval.make(precision: precision) { result in
            let pick = largest ? mpfr_max : mpfr_min
            _ = pick(tally_mpfi_left(result), tally_mpfi_left(pointer), tally_mpfi_left(other.pointer), MPFR_RNDD)
            _ = pick(tally_mpfi_right(result), tally_mpfi_right(pointer), tally_mpfi_right(other.pointer), MPFR_RNDU)
        }
    }

    /// xⁿ by squaring and multiplying intervals (MPFI's square keeps an interval around zero
    /// non-negative), with a guard bit for each of the log₂|n| steps; negative n through the
    /// reciprocal.
    func power(_ n: Int, precision: Int) -> Interval {
        let steps = Int.bitWidth - n.magnitude.leadingZeroBitCount
        let working = precision + 2 * steps + 8
        var result: Interval?
        var base = self
        var remaining = n.magnitude
        while remaining > 0 {
            if remaining & 1 == 1 {
                result = result.map { $0.combine(base, precision: working, mpfi_mul) } ?? base
            }
            remaining >>= 1
            if remaining > 0 { base = base.map(precision: working, mpfi_sqr) }
        }
        let magnitude = result ?? Interval(Number(1), precision: working)
        if n < 0 { return magnitude.map(precision: precision, mpfi_inv) }
        return magnitude.map(precision: precision, mpfi_set)
    }

    // MARK: Queries

    /// Whether the interval is a usable bound: no NaN endpoint (an operation outside its domain)
    /// and no infinite one (an overflow).
    var isFinite: Bool {
        mpfi_nan_p(pointer) == 0 && mpfi_bounded_p(pointer) != 0
    }

    /// Whether an endpoint overflowed to infinity.
    var isInfinite: Bool { mpfi_nan_p(pointer) == 0 && mpfi_bounded_p(pointer) == 0 }

    /// -1 when every value inside is negative, 1 when every value is positive, nil when the
    /// interval holds zero (or is not finite).
    var sign: Int? {
        guard isFinite else { return nil }
        if tally_mpfr_sgn(tally_mpfi_left(pointer)) > 0 { return 1 }
        if tally_mpfr_sgn(tally_mpfi_right(pointer)) < 0 { return -1 }
        return nil
    }

    /// Whether every value inside is greater than `number` (1), less (-1), or neither (nil).
    func compare(with number: Number) -> Int? {
        guard isFinite else { return nil }
        let offset = Interval(-number, precision: Int(mpfi_get_prec(pointer)) + 64)
        return combine(offset, precision: Int(mpfi_get_prec(pointer)) + 64, mpfi_add).sign
    }

    /// How the lower endpoints of two intervals compare: -1, 0 or 1 (an order to sweep
    /// intervals in; NaN endpoints compare as equal).
    func compareLowerEndpoints(with other: Interval) -> Int {
        Int(mpfr_cmp(tally_mpfi_left(pointer), tally_mpfi_left(other.pointer)).signum())
    }

    /// How the upper endpoints of two intervals compare: -1, 0 or 1.
    func compareUpperEndpoints(with other: Interval) -> Int {
        Int(mpfr_cmp(tally_mpfi_right(pointer), tally_mpfi_right(other.pointer)).signum())
    }

    /// Whether every value inside is inside `other` too.
    func isInside(_ other: Interval) -> Bool {
        mpfi_is_inside(pointer, other.pointer) > 0
    }

    /// Whether every value inside is below every value of `other`.
    func isEntirelyBelow(_ other: Interval) -> Bool {
        isFinite && other.isFinite && mpfr_cmp(tally_mpfi_right(pointer), tally_mpfi_left(other.pointer)) < 0
    }

    /// The floors of the two endpoints, as exact integers.
    var floors: (lower: BigInteger, upper: BigInteger) {
        (endpointInteger(tally_mpfi_left(pointer), MPFR_RNDD), endpointInteger(tally_mpfi_right(pointer), MPFR_RNDD))
    }

    private func endpointInteger(_ endpoint: UnsafeMutablePointer<__mpfr_struct>, _ rounding: mpfr_rnd_t) -> BigInteger
    {
        BigInteger.make { _ = mpfr_get_z($0, endpoint, rounding) }
    }

    /// The binary exponent of the endpoint largest in magnitude: |x| < 2^exponent inside.
    var magnitudeExponent: Int {
        let left = tally_mpfi_left(pointer)
        let right = tally_mpfi_right(pointer)
        let leftExponent = tally_mpfr_zero_p(left) != 0 ? Int.min : tally_mpfr_get_exp(left)
        let rightExponent = tally_mpfr_zero_p(right) != 0 ? Int.min : tally_mpfr_get_exp(right)
        return Swift.max(leftExponent, rightExponent)
    }

    /// How many digits the integer part of the largest magnitude inside has, after scaling by
    /// 10^`places`: the true count for every value inside, or one more when the value is within
    /// a rounding of a power of ten; 0 when every value inside is below 1 in magnitude; nil for
    /// an interval that is not finite. Exact however large the count (the logarithm is taken at
    /// 128 bits, not in a double, which is off by several digits past 10^16).
    func integerDigitCount(scaledBy places: Int) -> Int? {
        guard isFinite else { return nil }
        let left = tally_mpfi_left(pointer)
        let right = tally_mpfi_right(pointer)
        let largest = mpfr_cmpabs(left, right) > 0 ? left : right
        if tally_mpfr_zero_p(largest) != 0 { return 0 }
        let logarithm = UnsafeMutablePointer<__mpfr_struct>.allocate(capacity: 1)
        defer {
            mpfr_clear(logarithm)
            logarithm.deallocate()
        }
        mpfr_init2(logarithm, 128)
        _ = mpfr_abs(logarithm, largest, MPFR_RNDU)
        _ = mpfr_log10(logarithm, logarithm, MPFR_RNDU)
        _ = mpfr_add_si(logarithm, logarithm, places, MPFR_RNDU)
        if tally_mpfr_sgn(logarithm) < 0 { return 0 }
        let floor = mpfr_get_si(logarithm, MPFR_RNDD)
        return floor == Int.max ? Int.max : floor + 1
    }

    /// The binary exponent of the interval's width (an upper bound: width < 2^exponent); nil for
    /// a single point.
    var widthExponent: Int? {
        let precision = Int(mpfi_get_prec(pointer))
        let width = UnsafeMutablePointer<__mpfr_struct>.allocate(capacity: 1)
        defer {
            mpfr_clear(width)
            width.deallocate()
        }
        mpfr_init2(width, mpfr_prec_t(Swift.max(precision, 2)))
        _ = mpfr_sub(width, tally_mpfi_right(pointer), tally_mpfi_left(pointer), MPFR_RNDU)
        if tally_mpfr_zero_p(width) != 0 { return nil }
        return tally_mpfr_get_exp(width)
    }

    /// The endpoints as decimal significands of `count` digits: the lower one rounded down and
    /// the upper one rounded up, so the decimals still bound the value.
    ///
    /// One conversion where it can: the endpoint nearer zero is converted rounded toward zero,
    /// and the other bound is that decimal plus as many units of its last digit as reach the
    /// other endpoint (the width over the unit, plus one for the conversion's truncation). Both
    /// endpoints are converted when the interval holds zero or the units do not fit a word.
    func decimalBounds(count: Int) -> (lower: DecimalSignificand, upper: DecimalSignificand) {
        let left = tally_mpfi_left(pointer)!
        let right = tally_mpfi_right(pointer)!
        let negative = tally_mpfr_sgn(right) < 0
        if isFinite, negative || tally_mpfr_sgn(left) > 0 {
            let inner = DecimalSignificand(negative ? right : left, count: count, rounding: MPFR_RNDZ)
            if inner.digits.count == count, let units = unitsOfWidth(below: inner.exponent - count),
                let outer = inner.adding(units: units)
            {
                return negative ? (outer, inner) : (inner, outer)
            }
        }
        return endpointDecimals(count: count)
    }

    /// Each endpoint converted to `count` digits, the lower one rounded down and the upper up.
    func endpointDecimals(count: Int) -> (lower: DecimalSignificand, upper: DecimalSignificand) {
        (
            DecimalSignificand(tally_mpfi_left(pointer), count: count, rounding: MPFR_RNDD),
            DecimalSignificand(tally_mpfi_right(pointer), count: count, rounding: MPFR_RNDU)
        )
    }

    /// The interval's width in units of 10^`exponent`, plus one, rounded up; nil past 2^40.
    private func unitsOfWidth(below exponent: Int) -> UInt? {
        let width = UnsafeMutablePointer<__mpfr_struct>.allocate(capacity: 1)
        let scale = UnsafeMutablePointer<__mpfr_struct>.allocate(capacity: 1)
        defer {
            for value in [width, scale] {
                mpfr_clear(value)
                value.deallocate()
            }
        }
        mpfr_init2(width, 64)
        mpfr_init2(scale, 64)
        _ = mpfr_sub(width, tally_mpfi_right(pointer), tally_mpfi_left(pointer), MPFR_RNDU)
        _ = mpfr_set_ui(scale, 10, MPFR_RNDN)
        _ = mpfr_pow_si(scale, scale, -exponent, MPFR_RNDU)
        _ = mpfr_mul(width, width, scale, MPFR_RNDU)
        _ = mpfr_add_ui(width, width, 1, MPFR_RNDU)
        guard tally_mpfr_nan_p(width) == 0, mpfr_cmp_ui_2exp(width, 1, 40) < 0 else { return nil }
        return mpfr_get_ui(width, MPFR_RNDU)
    }
}

/// A decimal number as MPFR writes it: `0.d₁d₂…dₙ × 10^exponent`, with a sign.
struct DecimalSignificand: Equatable {
    var isNegative: Bool
    /// The digits, each 0...9; none for zero.
    var digits: [UInt8]
    /// The power of ten of the place just before the first digit.
    var exponent: Int

    init(isNegative: Bool, digits: [UInt8], exponent: Int) {
        self.isNegative = isNegative
        self.digits = digits
        self.exponent = exponent
    }

    /// `value` to `count` significant digits in the direction `rounding`.
    fileprivate init(_ value: UnsafeMutablePointer<__mpfr_struct>, count: Int, rounding: mpfr_rnd_t) {
        if tally_mpfr_zero_p(value) != 0 {
            self.init(isNegative: false, digits: [], exponent: 0)
            return
        }
        if count > Offload.realConversionDigits {
            var job = tally_job()
            job.kind = Int32(TALLY_JOB_MPFR_GET_STR.rawValue)
            job.number = UnsafePointer(value)
            job.count = count
            job.rounding = rounding
            switch Offload.run(job, receive: { $0.text() }) {
            case .finished(let (text, exponent)):
                self.init(text: text, exponent: exponent)
                return
            case .interrupted:
                self.init(isNegative: false, digits: [], exponent: 0)
                return
            case .unavailable: break
            }
        }
        var exponent = mpfr_exp_t(0)
        guard let text = mpfr_get_str(nil, &exponent, 10, count, value, rounding) else {
            self.init(isNegative: false, digits: [], exponent: 0)
            return
        }
        defer { mpfr_free_str(text) }
        let bytes = UnsafeRawBufferPointer(start: text, count: strlen(text))
        self.init(text: Array(bytes), exponent: exponent)
    }

    /// The significand MPFR wrote as `text` (`-` and ASCII digits) with `exponent`.
    private init(text: [UInt8], exponent: Int) {
        let negative = text.first == UInt8(ascii: "-")
        self.init(
            isNegative: negative, digits: text.dropFirst(negative ? 1 : 0).map { $0 &- UInt8(ascii: "0") },
            exponent: exponent)
    }

    var isZero: Bool { digits.allSatisfy { $0 == 0 } }

    /// `units` more in the place of the last digit, away from zero, with the same number of
    /// digits; nil when the sum carries into a new leading digit.
    fileprivate func adding(units: UInt) -> DecimalSignificand? {
        var result = self
        var carry = units
        var index = digits.count - 1
        while carry > 0 {
            guard index >= 0 else { return nil }
            let sum = UInt(result.digits[index]) + carry % 10
            result.digits[index] = UInt8(sum % 10)
            carry = carry / 10 + sum / 10
            index -= 1
        }
        return result
    }
}
