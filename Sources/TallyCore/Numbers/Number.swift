import TallyDiagnostics

/// An exact rational of any size: the calculator's numbers until an operation leaves the
/// rationals (a root of a non-power, a logarithm), where ``Real`` takes over.
///
/// Everyday values live in machine words (`Int` integers and fractions of `Int`s), so a typical
/// line never allocates; anything larger moves to GMP. Every operation here is exact.
public struct Number: Sendable {
    enum Storage: Sendable {
        /// An integer that fits in a machine word.
        case small(Int)
        /// numerator / denominator in lowest terms, denominator > 1, both machine words.
        case smallFraction(Int, Int)
        /// An integer that does not fit in a machine word.
        case bigInteger(BigInteger)
        /// A fraction in lowest terms with denominator > 1 that does not fit in machine words.
        case bigFraction(BigRational)
    }

    var storage: Storage

    init(storage: Storage) {
        self.storage = storage
    }

    /// The exact integer `value`.
    public init(_ value: Int) {
        self.init(storage: .small(value))
    }

    /// The exact integer `value`, kept in a machine word when it fits in an `Int`.
    public init(_ value: UInt) {
        if value <= UInt(Int.max) {
            self.init(storage: .small(Int(value)))
        } else {
            self.init(storage: .bigInteger(BigInteger(value)))
        }
    }

    /// The value as a `UInt` when it is a non-negative integer that fits in one.
    var uintValue: UInt? {
        switch storage {
        case .small(let value): return value >= 0 ? UInt(value) : nil
        case .bigInteger(let value): return value.uintValue
        case .smallFraction, .bigFraction: return nil
        }
    }

    /// The exact integer `value`, kept in a machine word when it fits.
    public init(_ value: BigInteger) {
        if let small = value.intValue {
            self.init(storage: .small(small))
        } else {
            self.init(storage: .bigInteger(value))
        }
    }

    /// The exact fraction `value`, kept in machine words when it fits.
    public init(_ value: BigRational) {
        if value.isInteger {
            self.init(value.numerator)
            return
        }
        let numerator = value.numerator
        let denominator = value.denominator
        if let n = numerator.intValue, let d = denominator.intValue {
            self.init(storage: .smallFraction(n, d))
        } else {
            self.init(storage: .bigFraction(value))
        }
    }

    /// `numerator / denominator`, reduced; `denominator` must not be zero.
    public init(numerator: BigInteger, denominator: BigInteger) {
        if denominator.isOne {
            self.init(numerator)
        } else {
            self.init(BigRational(numerator: numerator, denominator: denominator))
        }
    }

    /// `significand × 10^-places` (`places` in 0...18), reduced: a decimal literal such as
    /// `7.7093`. The denominator's only prime factors are 2 and 5, so the reduction takes
    /// shifts and divisions by the constant 5, not a general greatest common divisor.
    init(significand: Int, decimalPlaces places: Int) {
        precondition((0...18).contains(places), "a machine-word decimal has at most 18 places")
        if places == 0 || significand == 0 {
            self.init(storage: .small(places == 0 ? significand : 0))
            return
        }
        var n = significand
        let twos = Swift.min(n.trailingZeroBitCount, places)
        n >>= twos
        var fives = 0
        while fives < places && n % 5 == 0 {
            n /= 5
            fives += 1
        }
        var d = 1 << (places - twos)
        for _ in 0..<(places - fives) { d *= 5 }
        self.init(storage: d == 1 ? .small(n) : .smallFraction(n, d))
    }

    /// `numerator / denominator` of machine words, reduced; `denominator` must not be zero.
    public init(numerator: Int, denominator: Int) {
        if let value = Number.smallFraction(numerator, denominator) {
            self = value
        } else {
            self.init(BigRational(numerator: numerator, denominator: denominator))
        }
    }

    /// Reduces a machine-word fraction; `nil` when normalising it would overflow.
    static func smallFraction(_ numerator: Int, _ denominator: Int) -> Number? {
        var n = numerator
        var d = denominator
        if d < 0 {
            if n == .min || d == .min { return nil }
            n = -n
            d = -d
        }
        let divisor = greatestCommonDivisor(n.magnitude, d.magnitude)
        if divisor > 1 {
            n /= Int(divisor)
            d /= Int(divisor)
        }
        return d == 1 ? Number(storage: .small(n)) : Number(storage: .smallFraction(n, d))
    }

    // MARK: Views

    /// -1, 0 or 1.
    public var signum: Int {
        switch storage {
        case .small(let value): return value.signum()
        case .smallFraction(let numerator, _): return numerator.signum()
        case .bigInteger(let value): return value.signum
        case .bigFraction(let value): return value.signum
        }
    }

    /// Whether the value is zero.
    public var isZero: Bool { signum == 0 }

    /// Whether the value is an integer.
    public var isInteger: Bool {
        switch storage {
        case .small, .bigInteger: return true
        case .smallFraction, .bigFraction: return false
        }
    }

    /// Whether the value is held in machine words (an `Int`, or a fraction of `Int`s).
    public var isMachineWord: Bool {
        switch storage {
        case .small, .smallFraction: return true
        case .bigInteger, .bigFraction: return false
        }
    }

    /// The value as a machine word, when it is an integer that fits in one.
    public var intValue: Int? {
        if case .small(let value) = storage { return value }
        return nil
    }

    /// The value as a `BigInteger`, when it is an integer.
    public var bigIntegerValue: BigInteger? {
        switch storage {
        case .small(let value): return BigInteger(value)
        case .bigInteger(let value): return value
        case .smallFraction, .bigFraction: return nil
        }
    }

    /// The numerator in lowest terms (carries the sign).
    public var numerator: BigInteger {
        switch storage {
        case .small(let value): return BigInteger(value)
        case .smallFraction(let numerator, _): return BigInteger(numerator)
        case .bigInteger(let value): return value
        case .bigFraction(let value): return value.numerator
        }
    }

    /// The denominator in lowest terms (positive).
    public var denominator: BigInteger {
        switch storage {
        case .small, .bigInteger: return BigInteger(1)
        case .smallFraction(_, let denominator): return BigInteger(denominator)
        case .bigFraction(let value): return value.denominator
        }
    }

    /// The value as a GMP fraction.
    var rational: BigRational {
        switch storage {
        case .small(let value): return BigRational(numerator: value, denominator: 1)
        case .smallFraction(let numerator, let denominator):
            return BigRational(numerator: numerator, denominator: denominator)
        case .bigInteger(let value): return BigRational(value)
        case .bigFraction(let value): return value
        }
    }

    /// An upper bound on the decimal digits of the numerator or the denominator, whichever is
    /// longer: the measure that `maxdigits` limits.
    public var decimalSize: Int {
        switch storage {
        case .small(let value): return decimalDigitCount(value.magnitude)
        case .smallFraction(let numerator, let denominator):
            return Swift.max(decimalDigitCount(numerator.magnitude), decimalDigitCount(denominator.magnitude))
        case .bigInteger(let value): return value.decimalDigitsEstimate
        case .bigFraction(let value): return value.decimalSizeEstimate
        }
    }

    /// log10 of the absolute value (the value must be non-zero).
    public var log10Magnitude: Double {
        switch storage {
        case .small(let value): return log10Of(Double(value.magnitude))
        case .smallFraction(let numerator, let denominator):
            return log10Of(Double(numerator.magnitude)) - log10Of(Double(denominator))
        case .bigInteger(let value): return value.log10Magnitude
        case .bigFraction(let value):
            return value.numerator.log10Magnitude - value.denominator.log10Magnitude
        }
    }
}

/// Decimal digits of a machine word (1 for zero).
@inline(__always)
func decimalDigitCount(_ value: UInt) -> Int {
    var count = 1
    var threshold: UInt = 10
    while count < 20 && value >= threshold {
        count += 1
        if threshold > UInt.max / 10 { break }
        threshold *= 10
    }
    return count
}

/// The greatest common divisor of machine words, by the binary algorithm: shifts and
/// subtractions, no division, which costs tens of cycles a step and is paid on every fraction
/// an everyday line makes.
@inline(__always)
func greatestCommonDivisor(_ a: UInt, _ b: UInt) -> UInt {
    PrimeFactorization.binaryGCD(a, b)
}
