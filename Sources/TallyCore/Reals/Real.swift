import CMPFI
import Synchronization
import TallyDiagnostics

/// A real number that is not known to be rational, kept so that it can be evaluated to any
/// precision: `set digits 60` after `x = sqrt(2)` shows 60 correct digits of `x`.
///
/// A value is either an exact ``Combination`` of known irrationals (`2√3`, `π/6`, `3·ln 10`), on
/// which arithmetic stays exact, or a function applied to other reals (`sin(1)`, `√2 + e`),
/// evaluated by interval arithmetic. Intervals are cached per value at the highest precision
/// computed so far, so a value used twice is computed once. Immutable apart from that cache,
/// which a lock guards.
public final class Real: Sendable {
    enum Form: Sendable {
        /// Known exactly.
        case exact(Combination)
        /// A function of other reals.
        case apply(RealFunction, [Real])
    }

    let form: Form
    /// How deep the tree of functions below this value is (1 for an exact value).
    let depth: Int
    let cache = Mutex<Interval?>(nil)
    /// The digits last shown and what they were asked for: a line's value is formatted once to
    /// settle its digits and again to print it, which would convert it to decimal twice.
    let shownDigits = Mutex<(significantDigits: Int, budgetDigits: Int, shown: FormattedNumber)?>(nil)
    /// What evaluating the value costs, in products at the evaluation's precision: the sum over
    /// its tree of each function's ``RealFunction/weight`` (an argument used twice counted once),
    /// for the work budget (``LineWork``).
    let weight: Double
    /// The bits a sine, cosine or tangent adds to its argument's precision: the argument's
    /// binary magnitude, so that reducing it modulo 2π leaves the precision asked for
    /// (`sin(10^40000)` needs 132,877 bits of its argument and of π for its first digit).
    let reductionBits: Int
    /// What the reductions of huge arguments in the tree cost, in work steps, whatever the
    /// precision of the result: π and the argument at the argument's magnitude.
    let reductionCost: Double

    /// The deepest tree of functions a value may have: evaluating it recurses once per level.
    /// A line of more than this many approximate operations in a chain is an error.
    static let largestDepth = 2_000

    init(_ combination: Combination) {
        form = .exact(combination)
        depth = 1
        weight = combination.weight
        reductionBits = 0
        reductionCost = 0
    }

    init(_ function: RealFunction, _ arguments: [Real]) {
        form = .apply(function, arguments)
        depth = 1 + (arguments.map(\.depth).max() ?? 0)
        var weight = function.weight
        for (index, argument) in arguments.enumerated()
        where !arguments[..<index].contains(where: { $0 === argument }) {
            weight += argument.weight
        }
        self.weight = weight
        switch function {
        case .sin, .cos, .tan:
            Interval.prepareExponentRange()
            reductionBits = Swift.max(0, arguments[0].interval(precision: 64).magnitudeExponent)
        default:
            reductionBits = 0
        }
        var reductionCost = arguments.reduce(0) { $0 + $1.reductionCost }
        if reductionBits > 0 {
            // π to the argument's magnitude, the reduction and the argument itself: measured,
            // MPFR's sin(10^100000) takes 0.3 s and sin(10^200000) 1.0 s, some 360 products.
            reductionCost +=
                (360 + arguments[0].weight) * WorkCost.multiplication(digits: Double(reductionBits) * 0.30103)
        }
        self.reductionCost = reductionCost
    }

    /// The exact rational `value`.
    convenience init(_ value: Number) {
        self.init(Combination(value))
    }

    /// The exact combination, when the value is one.
    var combination: Combination? {
        if case .exact(let combination) = form { return combination }
        return nil
    }

    /// The value when it is known to be rational.
    var rational: Number? { combination?.rational }

    /// The sign when the form alone tells it (a single exact term, say); nil when only
    /// evaluation can.
    var knownSign: Int? { combination?.knownSign }

    /// An interval containing the value, with about `precision` bits where cancellation allows.
    func interval(precision: Int) -> Interval {
        if let cached = cache.withLock({ $0 }), cached.precision >= precision {
            return cached
        }
        let computed: Interval
        switch form {
        case .exact(let combination):
            computed = combination.interval(precision: precision)
        case .apply(let function, let arguments):
            // The same precision below: each level's rounding widens the interval a little, and
            // the caller raises the precision when that matters (a bonus per level would add
            // thousands of bits at the leaves of a long chain).
            let argumentPrecision = precision + reductionBits
            computed = function.interval(
                of: arguments.map { $0.interval(precision: argumentPrecision) }, precision: precision)
        }
        cache.withLock { cached in
            if cached == nil || cached!.precision < computed.precision { cached = computed }
        }
        return computed
    }
}

/// The functions a ``Real`` may apply to other reals. Each one's interval contains the true
/// value whenever its arguments' intervals contain theirs: one MPFR evaluation widened by its
/// documented accuracy (``pointRule``), or MPFI's.
enum RealFunction: Sendable, Equatable {
    case add, multiply, divide, negate
    /// x^y for x > 0.
    case power
    /// ⁿ√x for x ≥ 0, or any x when n is odd.
    case root(Int)
    /// xⁿ for an integer n (x not zero when n is negative).
    case integerPower(Int)
    case exp, log, sin, cos, tan, asin, acos, atan, atan2, sinh, cosh, tanh, asinh, acosh, atanh, hypot
    /// |x|, and the smaller or larger of two values: exact functions that need no decision.
    case abs, minimum, maximum
    /// Γ, erf, ζ, the Bessel functions, …: `Interval+Special.swift`.
    case special(SpecialFunction)

    /// About how many products at the working precision one evaluation of the function costs
    /// (MPFR's sine at a million digits takes some 300 products' time, its exponential some 30).
    var weight: Double {
        switch self {
        case .add, .negate, .abs, .minimum, .maximum: return 0.2
        case .multiply, .divide, .integerPower: return 2
        case .root, .hypot: return 5
        case .exp, .sinh, .cosh, .tanh, .power: return 50
        case .log, .asinh, .acosh, .atanh: return 100
        case .sin, .cos, .tan, .asin, .acos, .atan, .atan2: return 300
        case .special(let function): return function.weight
        }
    }

    func interval(of arguments: [Interval], precision: Int) -> Interval {
        let x = arguments[0]
        switch self {
        case .add: return x.combine(arguments[1], precision: precision, mpfi_add)
        case .multiply: return x.combine(arguments[1], precision: precision, mpfi_mul)
        case .divide: return x.combine(arguments[1], precision: precision, mpfi_div)
        case .negate: return x.map(precision: precision, mpfi_neg)
        // One MPFR evaluation at a point or around a midpoint, widened by what the accuracy
        // table (RealFunction+Accuracy.swift) says; MPFI's of a wide interval.
        case .exp, .log, .sin, .cos, .tan, .asin, .acos, .atan, .sinh, .cosh, .tanh, .asinh, .acosh, .atanh:
            return x.applying(pointRule!, precision: precision)
        case .root(let n):
            return pointRule.map { x.applying($0, precision: precision) } ?? x.root(n, precision: precision)
        case .power:
            if let value = x.mapPoint(arguments[1], precision: precision, mpfr_pow) { return value }
            // x^y = exp(y · ln x), x > 0.
            let logarithm = x.map(precision: precision + 32, mpfi_log)
            let product = logarithm.combine(arguments[1], precision: precision + 32, mpfi_mul)
            return product.map(precision: precision, mpfi_exp)
        case .integerPower(let n): return x.power(n, precision: precision)
        case .atan2:
            return x.mapPoint(arguments[1], precision: precision, mpfr_atan2)
                ?? x.combine(arguments[1], precision: precision, mpfi_atan2)
        case .hypot:
            return x.mapPoint(arguments[1], precision: precision, mpfr_hypot)
                ?? x.combine(arguments[1], precision: precision, mpfi_hypot)
        case .abs: return x.map(precision: precision, mpfi_abs)
        case .minimum: return x.extreme(arguments[1], largest: false, precision: precision)
        case .maximum: return x.extreme(arguments[1], largest: true, precision: precision)
        case .special(let function): return function.interval(of: x, precision: precision)
        }
    }
}

extension Interval {
    /// The interval's precision in bits.
    var precision: Int { Int(mpfi_get_prec(pointer)) }
}
