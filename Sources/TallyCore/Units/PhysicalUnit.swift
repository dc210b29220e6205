import TallyDiagnostics

/// A named unit: how many of the SI (base) unit of its dimension it is, exactly.
///
/// Every factor is an exact rational by definition (NIST SP 811, the international yard and
/// pound), except the angles, whose factors to the radian are exact multiples of π. A
/// temperature scale (°C, °F) also has an offset: `value × factor + offset` is kelvin.
///
/// A class: the unit table makes every unit once, and a quantity, a compound unit and a line's
/// compiled code hold it by reference, so passing one on is one retain rather than a copy of its
/// symbol, factor and offset (every field is a constant, so sharing it changes nothing).
public final class PhysicalUnit: Sendable {
    /// How the unit is written in output, and its main spelling: `km`, `°C`.
    public let symbol: String
    /// The size of the unit in SI base units.
    public let factor: Value
    /// Added after scaling, in kelvin: non-zero only for °C and °F.
    public let offset: Number
    public let dimension: Dimension
    /// Whether the unit is a degree of a temperature scale taken as a difference (`degC`,
    /// `degF`): an amount, which moves a point on a scale but is never converted into one.
    public let isTemperatureDifference: Bool

    public init(
        symbol: String, factor: Value, offset: Number = Number(0), dimension: Dimension,
        isTemperatureDifference: Bool = false
    ) {
        self.symbol = symbol
        self.factor = factor
        self.offset = offset
        self.dimension = dimension
        self.isTemperatureDifference = isTemperatureDifference
        isAffine = !offset.isZero
    }

    /// Whether the unit is a point on a temperature scale whose zero is not absolute zero.
    /// Stored, since every conversion asks it and comparing a number with zero is not free.
    public let isAffine: Bool

    /// Whether one of this unit is more than one of `other` (of the same dimension). Factors
    /// are exact, or exact multiples of π for angles, whose ratio is then exact too or decided
    /// to 20 digits, far more than any two units differ by.
    func isLarger(than other: PhysicalUnit) -> Bool {
        let ratio = factor / other.factor
        switch ratio.kind {
        case .number(let number): return Number.compare(number, Number(1)) > 0
        case .real(let real): return (real.compare(with: Number(1), within: Real.Budget(digits: 20)) ?? 0) > 0
        case .quantity, .truth, .calendar: return false
        }
    }
}

extension PhysicalUnit: Equatable, Hashable {
    public static func == (lhs: PhysicalUnit, rhs: PhysicalUnit) -> Bool { lhs.symbol == rhs.symbol }
    public func hash(into hasher: inout Hasher) { hasher.combine(symbol) }
}
