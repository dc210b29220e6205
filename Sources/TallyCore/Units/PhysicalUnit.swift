/// A named unit: how many of the SI (base) unit of its dimension it is, exactly.
///
/// Every factor is an exact rational by definition (NIST SP 811, the international yard and
/// pound), except the angles, whose factors to the radian are exact multiples of π. A
/// temperature scale (°C, °F) also has an offset: `value × factor + offset` is kelvin.
public struct PhysicalUnit: Sendable {
    /// How the unit is written in output, and its main spelling: `km`, `°C`.
    public let symbol: String
    /// The size of the unit in SI base units.
    public let factor: Value
    /// Added after scaling, in kelvin: non-zero only for °C and °F.
    public let offset: Number
    public let dimension: Dimension

    public init(symbol: String, factor: Value, offset: Number = Number(0), dimension: Dimension) {
        self.symbol = symbol
        self.factor = factor
        self.offset = offset
        self.dimension = dimension
    }

    /// Whether the unit is a point on a temperature scale whose zero is not absolute zero.
    public var isAffine: Bool { !offset.isZero }
}

extension PhysicalUnit: Equatable, Hashable {
    public static func == (lhs: PhysicalUnit, rhs: PhysicalUnit) -> Bool { lhs.symbol == rhs.symbol }
    public func hash(into hasher: inout Hasher) { hasher.combine(symbol) }
}
