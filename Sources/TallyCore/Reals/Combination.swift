import CMPFI
import TallyDiagnostics

/// A sum of ``Irrational``s with rational coefficients — `3 + 2√2`, `π/6`, `3·ln 10` — kept
/// exactly. Sums, products, quotients and powers that stay in this form are exact, so equal
/// values cancel: `pi - pi` is 0 and `(1 + √2)(√2 − 1)` is 1.
struct Combination: Hashable, Sendable {
    /// Coefficient of each basis number; no zero coefficients.
    private(set) var terms: [Irrational: Number]

    /// The most terms a product may spread into before Tally keeps it as an expression instead.
    static let largestTermCount = 16

    init(terms: [Irrational: Number] = [:]) {
        self.terms = terms.filter { !$0.value.isZero }
    }

    /// The exact rational `value`.
    init(_ value: Number) {
        self.init(terms: [.one: value])
    }

    /// `coefficient × basis`.
    init(_ coefficient: Number, _ basis: Irrational) {
        self.init(terms: [basis: coefficient])
    }

    /// The most digits of any coefficient, or of any radicand or logarithm's argument.
    var largestCoefficientSize: Int {
        terms.map { basis, coefficient in
            let basisSize: Int
            switch basis {
            case .root(let radicand, _): basisSize = radicand.decimalSize
            case .exp(let q), .log(let q): basisSize = q.decimalSize
            case .one, .pi: basisSize = 0
            }
            return Swift.max(coefficient.decimalSize, basisSize)
        }.max() ?? 0
    }

    /// The value when it is rational.
    var rational: Number? {
        if terms.isEmpty { return Number(0) }
        if terms.count == 1, let value = terms[.one] { return value }
        return nil
    }

    /// The single term, when there is exactly one.
    var single: (coefficient: Number, basis: Irrational)? {
        guard terms.count == 1, let (basis, coefficient) = terms.first else { return nil }
        return (coefficient, basis)
    }

    /// The sign when it follows from the form alone: every basis number is positive, so a single
    /// term has its coefficient's sign.
    var knownSign: Int? {
        if terms.isEmpty { return 0 }
        if let (coefficient, basis) = single { return coefficient.signum * basis.sign }
        let signs = Set(terms.map { $0.value.signum })
        return signs.count == 1 ? signs.first : nil
    }

    // MARK: Arithmetic

    static func + (lhs: Combination, rhs: Combination) -> Combination {
        var terms = lhs.terms
        for (basis, coefficient) in rhs.terms {
            terms[basis] = (terms[basis] ?? Number(0)) + coefficient
        }
        return Combination(terms: terms)
    }

    static prefix func - (operand: Combination) -> Combination {
        Combination(terms: operand.terms.mapValues { -$0 })
    }

    /// Every term times a rational.
    func scaled(by factor: Number) -> Combination {
        Combination(terms: terms.mapValues { $0 * factor })
    }

    /// The product, when every pair of basis numbers multiplies into one and the result stays
    /// small.
    static func * (lhs: Combination, rhs: Combination) -> Combination? {
        guard lhs.terms.count * rhs.terms.count <= largestTermCount * 4 else { return nil }
        var result = Combination()
        for (leftBasis, leftCoefficient) in lhs.terms {
            for (rightBasis, rightCoefficient) in rhs.terms {
                guard let (factor, basis) = Irrational.multiply(leftBasis, rightBasis) else { return nil }
                result = result + Combination(leftCoefficient * rightCoefficient * factor, basis)
            }
        }
        return result.terms.count <= largestTermCount ? result : nil
    }

    /// The quotient, when the divisor is a single term whose basis has a reciprocal, or every
    /// term of the dividend shares the divisor's basis.
    static func / (lhs: Combination, rhs: Combination) -> Combination? {
        guard let (coefficient, basis) = rhs.single, !coefficient.isZero else { return nil }
        if lhs.terms.keys.allSatisfy({ $0 == basis }) {
            return Combination((lhs.terms[basis] ?? Number(0)) / coefficient, .one)
        }
        guard let (inverseCoefficient, inverse) = basis.reciprocal else { return nil }
        return lhs * Combination(inverseCoefficient / coefficient, inverse)
    }

    /// `self ^ k` for an integer k, when it stays in this form.
    func power(_ k: Int) -> Combination? {
        if k == 0 { return Combination(Number(1)) }
        if let (coefficient, basis) = single {
            guard let (factor, raised) = basis.power(k) else { return nil }
            guard Double(coefficient.decimalSize) * Double(k.magnitude) <= 100_000 else { return nil }
            return Combination(coefficient.raised(to: k) * factor, raised)
        }
        // A sum: repeated products for small powers, (1 + √2)^3 = 7 + 5√2.
        guard k.magnitude <= 8 else { return nil }
        var result = Combination(Number(1))
        for _ in 0..<k.magnitude {
            guard let product = result * self else { return nil }
            result = product
        }
        return k > 0 ? result : Combination(Number(1)) / result
    }

    /// What evaluating the combination costs, in products at the working precision (see
    /// ``Real/weight``).
    var weight: Double {
        terms.keys.reduce(0.5) { $0 + $1.weight }
    }

    /// The interval at `precision` bits: the sum of each coefficient times its basis number.
    func interval(precision: Int) -> Interval {
        var sum: Interval?
        for (basis, coefficient) in terms {
            let term = basis.interval(precision: precision + 8).multiplied(by: coefficient, precision: precision + 8)
            sum =
                sum.map { partial in partial.combine(term, precision: precision + 8, mpfi_add) } ?? term
        }
        return sum ?? Interval(Number(0), precision: precision)
    }
}
