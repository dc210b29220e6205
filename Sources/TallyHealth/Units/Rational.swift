/// An exact fraction for the BMI's arithmetic: a numerator and a positive denominator in lowest
/// terms, each a 128-bit integer.
///
/// TallyHealth does not link the calculator's numbers (GMP); the measurements it receives are
/// bounded (``isMeasurement``: numerator and denominator below 2^40, which any height or weight
/// as typed fits), so every product the BMI, its bands, its healthy weights and their unit
/// conversions take stays far below 2^127. Should one not, the value becomes *unrepresentable*
/// (``isRepresentable`` false) rather than wrong, and ``BMIRequest`` refuses the line.
public struct Rational: Sendable, Hashable, CustomStringConvertible {
    /// The numerator, with the sign.
    public let numerator: Int128
    /// The denominator, positive; 0 marks an unrepresentable value.
    public let denominator: Int128

    /// The largest numerator or denominator a measurement may have: 2^40.
    static let measurementLimit = Int128(1) << 40

    /// `numerator / denominator` in lowest terms; `denominator` must not be 0.
    public init(numerator: Int128, denominator: Int128) {
        precondition(denominator != 0, "a fraction needs a denominator")
        let divisor = Self.gcd(numerator.magnitude, denominator.magnitude)
        let sign: Int128 = denominator < 0 ? -1 : 1
        self.numerator = sign * numerator / Int128(divisor)
        self.denominator = sign * denominator / Int128(divisor)
    }

    /// An integer.
    public init(_ integer: Int) {
        numerator = Int128(integer)
        denominator = 1
    }

    /// `numerator / denominator` for machine integers.
    public init(numerator: Int, denominator: Int) {
        self.init(numerator: Int128(numerator), denominator: Int128(denominator))
    }

    private init(unrepresentable: Void) {
        numerator = 0
        denominator = 0
    }

    /// The value past 128 bits: every operation on it gives it again.
    static let unrepresentable = Rational(unrepresentable: ())

    /// `tenths / 10`.
    public static func tenths(_ tenths: Int) -> Rational { Rational(numerator: tenths, denominator: 10) }

    /// 10^places.
    static func powerOfTen(_ places: Int) -> Rational {
        var value: Int128 = 1
        for _ in 0..<places { value *= 10 }
        return Rational(numerator: value, denominator: 1)
    }

    /// Whether every operation that made the value fitted in 128 bits.
    public var isRepresentable: Bool { denominator != 0 }

    /// Whether the value is small enough to be a measurement (see the type's summary).
    public var isMeasurement: Bool {
        isRepresentable && numerator.magnitude < Self.measurementLimit.magnitude
            && denominator < Self.measurementLimit
    }

    /// -1, 0 or 1.
    public var signum: Int { numerator.signum() == 0 ? 0 : (numerator < 0 ? -1 : 1) }

    /// Whether the value is a whole number.
    public var isInteger: Bool { denominator == 1 }

    /// The largest integer not above the value.
    public var floor: Rational {
        guard isRepresentable else { return self }
        let quotient = numerator / denominator
        let adjusted = numerator < 0 && quotient * denominator != numerator ? quotient - 1 : quotient
        return Rational(numerator: adjusted, denominator: 1)
    }

    /// The smallest integer not below the value.
    var ceiling: Rational { -(-self).floor }

    /// The value rounded to `places` decimals, ties away from zero.
    public func rounded(toPlaces places: Int) -> Rational {
        let scale = Rational.powerOfTen(places)
        let half = Rational(numerator: 1, denominator: 2)
        let scaled = self * scale
        let whole = scaled.signum < 0 ? -((-scaled) + half).floor : (scaled + half).floor
        return whole / scale
    }

    /// The value as an `Int` when it is one that fits.
    public var intValue: Int? {
        guard isInteger, let value = Int(exactly: numerator) else { return nil }
        return value
    }

    /// The nearest `Double`, for the growth references' LMS arithmetic.
    public var doubleValue: Double {
        guard isRepresentable else { return .nan }
        return Double(numerator) / Double(denominator)
    }

    /// `p/q`, or `p` for an integer.
    public var description: String {
        guard isRepresentable else { return "unrepresentable" }
        return denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }

    /// -1, 0 or 1 as `lhs` is below, equal to or above `rhs`; unrepresentable values compare as 0.
    public static func compare(_ lhs: Rational, _ rhs: Rational) -> Int {
        let difference = lhs - rhs
        return difference.isRepresentable ? difference.signum : 0
    }

    public static func + (lhs: Rational, rhs: Rational) -> Rational {
        guard lhs.isRepresentable, rhs.isRepresentable else { return .unrepresentable }
        let divisor = Int128(gcd(lhs.denominator.magnitude, rhs.denominator.magnitude))
        let left = multiply(lhs.numerator, rhs.denominator / divisor)
        let right = multiply(rhs.numerator, lhs.denominator / divisor)
        let denominator = multiply(lhs.denominator / divisor, rhs.denominator)
        guard let left, let right, let denominator else { return .unrepresentable }
        let (sum, overflow) = left.addingReportingOverflow(right)
        return overflow ? .unrepresentable : Rational(numerator: sum, denominator: denominator)
    }

    public static prefix func - (value: Rational) -> Rational {
        guard value.isRepresentable else { return value }
        return Rational(numerator: -value.numerator, denominator: value.denominator)
    }

    public static func - (lhs: Rational, rhs: Rational) -> Rational { lhs + -rhs }

    public static func * (lhs: Rational, rhs: Rational) -> Rational {
        guard lhs.isRepresentable, rhs.isRepresentable else { return .unrepresentable }
        // Cancelled crosswise first, so the products stay as small as the result.
        let first = Int128(gcd(lhs.numerator.magnitude, rhs.denominator.magnitude))
        let second = Int128(gcd(rhs.numerator.magnitude, lhs.denominator.magnitude))
        guard let numerator = multiply(lhs.numerator / first, rhs.numerator / second),
            let denominator = multiply(lhs.denominator / second, rhs.denominator / first)
        else { return .unrepresentable }
        return Rational(numerator: numerator, denominator: denominator)
    }

    public static func / (lhs: Rational, rhs: Rational) -> Rational {
        guard rhs.isRepresentable, rhs.numerator != 0 else { return .unrepresentable }
        return lhs * Rational(numerator: rhs.denominator, denominator: rhs.numerator)
    }

    private static func multiply(_ lhs: Int128, _ rhs: Int128) -> Int128? {
        let (product, overflow) = lhs.multipliedReportingOverflow(by: rhs)
        return overflow ? nil : product
    }

    private static func gcd(_ lhs: UInt128, _ rhs: UInt128) -> UInt128 {
        var (a, b) = (lhs, rhs)
        while b != 0 { (a, b) = (b, a % b) }
        return a == 0 ? 1 : a
    }
}
