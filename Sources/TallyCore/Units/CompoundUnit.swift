import TallyDiagnostics

/// A unit as a product of named units to integer powers: `km/h` is km¹·h⁻¹, `m^2` is m².
/// The unit of every quantity, and what `to` converts into. Written back the way the parser
/// reads it (`kg*m/s^2`), so a result pasted back is the same quantity.
public struct CompoundUnit: Sendable, Hashable {
    /// One named unit to a power.
    public struct Factor: Sendable, Hashable {
        public var unit: PhysicalUnit
        public var exponent: Int
    }

    /// Never empty, no unit twice, no exponent zero.
    public private(set) var factors: [Factor]

    /// A single named unit.
    public init(_ unit: PhysicalUnit) {
        factors = [Factor(unit: unit, exponent: 1)]
    }

    init(factors: [Factor]) {
        self.factors = factors
    }

    /// The unit of the SI base units for `dimension` (`kg*m^2/s^2` for an energy); nil for
    /// no dimension.
    public static func base(of dimension: Dimension) -> CompoundUnit? {
        var factors: [Factor] = []
        let order: [Dimension.Base] = [.mass, .length, .time, .current, .temperature, .amount, .data, .angle]
        for base in order where dimension.exponents[base.rawValue] != 0 {
            guard let unit = UnitTable.unit(named: base.symbol) else { continue }
            factors.append(Factor(unit: unit, exponent: Int(dimension.exponents[base.rawValue])))
        }
        return factors.isEmpty ? nil : CompoundUnit(factors: factors)
    }

    public var dimension: Dimension {
        if factors.count == 1 && factors[0].exponent == 1 { return factors[0].unit.dimension }
        var result = Dimension.none
        for factor in factors {
            result = result * (factor.unit.dimension.raised(to: factor.exponent) ?? .none)
        }
        return result
    }

    /// The size of the unit in SI base units: the product of its factors' factors.
    public var factor: Value {
        var result = Value.number(Number(1))
        for factor in factors {
            var power = factor.unit.factor
            if let number = power.number {
                power = .number(number.raised(to: factor.exponent))
            } else if case .real(let real) = power.kind {
                power = .from(real.raised(to: factor.exponent))
            }
            result = result * power
        }
        return result
    }

    /// The single named unit with an offset (°C, °F) that this unit is, if it is one.
    public var affineUnit: PhysicalUnit? {
        if factors.count == 1, factors[0].exponent == 1, factors[0].unit.isAffine { return factors[0].unit }
        return nil
    }

    /// Whether the unit is a point on a temperature scale (°C, °F): ``affineUnit`` without
    /// copying the unit out, for the conversions that must check it on every line.
    @inline(__always)
    public var isPointOnScale: Bool {
        factors.count == 1 && factors[0].exponent == 1 && factors[0].unit.isAffine
    }

    /// Whether the unit is one named unit to the first power.
    public var isSingle: Bool { factors.count == 1 && factors[0].exponent == 1 }

    /// `self` to the power `n`; nil when an exponent would be out of range.
    func raised(to n: Int) -> CompoundUnit? {
        guard n != 0 else { return nil }
        var result: [Factor] = []
        for factor in factors {
            let exponent = factor.exponent * n
            guard (-100...100).contains(exponent) else { return nil }
            result.append(Factor(unit: factor.unit, exponent: exponent))
        }
        return CompoundUnit(factors: result)
    }

    /// `self` with every exponent divided by `n`, when they all divide.
    func root(_ n: Int) -> CompoundUnit? {
        guard n > 0, factors.allSatisfy({ $0.exponent % n == 0 }) else { return nil }
        return CompoundUnit(factors: factors.map { Factor(unit: $0.unit, exponent: $0.exponent / n) })
    }

    /// The product of two units, and the number the magnitude must be multiplied by: a factor of
    /// `other` with the same dimension as one already in `self` is converted into it, so
    /// `3 m * 4 ft` is in m² and `60 km/h * 2 h` in km. The unit is nil when nothing is left (a
    /// plain number); the whole result nil when a power would leave -100...100.
    func multiplied(by other: CompoundUnit) -> (unit: CompoundUnit?, scale: Value)? {
        var result = factors
        var scale = Value.number(Number(1))
        for factor in other.factors {
            if let index = result.firstIndex(where: { $0.unit == factor.unit }) {
                result[index].exponent += factor.exponent
            } else if let index = result.firstIndex(where: {
                $0.unit.dimension == factor.unit.dimension && !$0.unit.isAffine && !factor.unit.isAffine
            }) {
                let ratio =
                    CompoundUnit(factors: [Factor(unit: factor.unit, exponent: factor.exponent)]).factor
                    / CompoundUnit(factors: [Factor(unit: result[index].unit, exponent: factor.exponent)]).factor
                scale = scale * ratio
                result[index].exponent += factor.exponent
            } else {
                result.append(factor)
            }
        }
        result.removeAll { $0.exponent == 0 }
        guard result.allSatisfy({ (-100...100).contains($0.exponent) }) else { return nil }
        return (result.isEmpty ? nil : CompoundUnit(factors: result), scale)
    }

    /// How the unit is written: `km/h`, `m^2`, `kg*m/s^2`, `1/s`.
    public var text: String {
        if factors.count == 1, factors[0].exponent == 1 { return factors[0].unit.symbol }
        let numerator = factors.filter { $0.exponent > 0 }
        let denominator = factors.filter { $0.exponent < 0 }
        func term(_ factor: Factor, _ exponent: Int) -> String {
            exponent == 1 ? factor.unit.symbol : "\(factor.unit.symbol)^\(exponent)"
        }
        var text = numerator.map { term($0, $0.exponent) }.joined(separator: "*")
        if text.isEmpty {
            // Only negative powers: `s^-1` reads back on its own, where `1/s` would not.
            return denominator.map { term($0, $0.exponent) }.joined(separator: "*")
        }
        for factor in denominator { text += "/" + term(factor, -factor.exponent) }
        return text
    }
}
