import TallyDiagnostics

/// One physical constant: a quantity with its unit, the names a line may call it by, and
/// where its value comes from, as `help constants` lists it.
///
/// A constant is looked up after variables, functions and units, so a variable of the same
/// name shadows it (with a warning) and a unit keeps its own symbol (`h` is the hour, `g` the
/// gram, `e` Euler's number).
public struct PhysicalConstant: Sendable {
    /// Where the value comes from.
    public enum Source: String, Sendable {
        /// One of the constants that define the SI since 2019: exact.
        case definingSI = "SI (exact)"
        /// Computed from the defining constants and π: exact, or an exact formula in π.
        case derivedExactly = "SI (exact formula)"
        /// A value fixed by convention (standard gravity): exact.
        case conventional = "CGPM (exact)"
        /// Measured: the CODATA 2022 recommended value.
        case codata2022 = "CODATA 2022"
    }

    /// The long name, as numbat spells it: `speed_of_light`.
    public let name: String
    /// The short names, as qalc and physics texts write them (`c`, `ħ`, `k_B`), and other long
    /// names (`electric_constant`).
    public let aliases: [String]
    /// What the constant is, for help.
    public let summary: String
    /// The value as help writes it: the published decimal, or the formula of an exact one.
    public let valueText: String
    /// The unit as the value is shown in (`m/s`), empty for a plain number.
    public let unitText: String
    public let source: Source
    /// The relative standard uncertainty of a measured value (`2.2e-5`); nil for an exact one.
    public let relativeUncertainty: String?
    /// The value, a quantity in ``unitText`` (or a plain number).
    public let value: Value

    /// Every name of the constant, its long name first.
    public var names: [String] { [name] + aliases }
}

/// Reading the table's own definitions: decimals written as CODATA publishes them and units as
/// products of the unit table's symbols.
extension PhysicalConstant {
    /// The exact value of a decimal written `6.62607015e-34` (digits, one optional point, an
    /// optional exponent); only the table's own literals are read.
    static func decimal(_ text: String) -> Number {
        let parts = text.split(separator: "e", maxSplits: 1)
        var exponent = parts.count == 2 ? Int(parts[1])! : 0
        let mantissa = parts[0]
        var digits = ""
        for character in mantissa {
            if character == "." {
                exponent -= mantissa.split(separator: ".", maxSplits: 1).last!.count
            } else {
                digits.append(character)
            }
        }
        let significand = BigInteger(digits)!
        return exponent >= 0
            ? Number(significand * BigInteger.power(10, UInt(exponent)))
            : Number(numerator: significand, denominator: BigInteger.power(10, UInt(-exponent)))
    }

    /// The unit made of the named units `factors` (symbol and power), in that order.
    static func unit(_ factors: [(String, Int)]) -> CompoundUnit? {
        guard !factors.isEmpty else { return nil }
        return CompoundUnit(
            factors: factors.map { symbol, exponent in
                CompoundUnit.Factor(unit: UnitTable.unit(named: symbol)!, exponent: exponent)
            })
    }

    /// `magnitude` in the unit of `factors`: a quantity, or the plain value for no unit.
    static func quantity(_ magnitude: Value, _ factors: [(String, Int)]) -> Value {
        guard let unit = unit(factors) else { return magnitude }
        return .quantity(magnitude, unit)
    }
}
