import TallyDiagnostics

/// What a quantity measures, as powers of the base quantities: a speed is length¹·time⁻¹.
/// Two quantities can be added, compared or converted into each other only when their
/// dimensions are equal. Eight small exponents in one vector, so comparing two dimensions is
/// one instruction.
public struct Dimension: Sendable, Hashable {
    /// The base quantities, in the order of ``exponents``, with their SI units.
    public enum Base: Int, Sendable, CaseIterable {
        case length, mass, time, current, temperature, amount, data, angle

        /// The SI (or base) unit of the quantity, as `to si` writes it.
        public var symbol: String {
            switch self {
            case .length: return "m"
            case .mass: return "kg"
            case .time: return "s"
            case .current: return "A"
            case .temperature: return "K"
            case .amount: return "mol"
            case .data: return "bit"
            case .angle: return "rad"
            }
        }
    }

    /// The exponent of each ``Base`` quantity, by its raw value.
    public var exponents: SIMD8<Int8>

    /// No dimension: a plain number.
    public static let none = Dimension(exponents: .zero)

    public init(exponents: SIMD8<Int8>) {
        self.exponents = exponents
    }

    /// One base quantity to the first power.
    public init(_ base: Base) {
        var exponents = SIMD8<Int8>.zero
        exponents[base.rawValue] = 1
        self.exponents = exponents
    }

    public var isNone: Bool { exponents == .zero }

    static func * (lhs: Dimension, rhs: Dimension) -> Dimension {
        Dimension(exponents: lhs.exponents &+ rhs.exponents)
    }

    /// The dimension to the power `n`; nil when an exponent would leave -100...100.
    func raised(to n: Int) -> Dimension? {
        var result = SIMD8<Int8>.zero
        for index in 0..<8 {
            let exponent = Int(exponents[index]) * n
            guard (-100...100).contains(exponent) else { return nil }
            result[index] = Int8(exponent)
        }
        return Dimension(exponents: result)
    }

    /// How a message names a quantity of this dimension, with its article: "a length",
    /// "an energy"; a dimension without a common name is "a quantity".
    public var name: String {
        Dimension.names[self] ?? "a quantity"
    }

    private static let names: [Dimension: String] = {
        func make(_ pairs: [(Base, Int8)]) -> Dimension {
            var exponents = SIMD8<Int8>.zero
            for (base, exponent) in pairs { exponents[base.rawValue] = exponent }
            return Dimension(exponents: exponents)
        }
        return [
            make([(.length, 1)]): "a length",
            make([(.mass, 1)]): "a mass",
            make([(.time, 1)]): "a time",
            make([(.current, 1)]): "a current",
            make([(.temperature, 1)]): "a temperature",
            make([(.amount, 1)]): "an amount of substance",
            make([(.data, 1)]): "an amount of data",
            make([(.angle, 1)]): "an angle",
            make([(.length, 2)]): "an area",
            make([(.length, 3)]): "a volume",
            make([(.length, 1), (.time, -1)]): "a speed",
            make([(.length, -2)]): "a fuel economy",
            make([(.length, 1), (.time, -2)]): "an acceleration",
            make([(.mass, 1), (.length, 1), (.time, -2)]): "a force",
            make([(.mass, 1), (.length, 2), (.time, -2)]): "an energy",
            make([(.mass, 1), (.length, 2), (.time, -3)]): "a power",
            make([(.mass, 1), (.length, -1), (.time, -2)]): "a pressure",
            make([(.time, -1)]): "a frequency",
            make([(.data, 1), (.time, -1)]): "a data rate",
        ]
    }()
}
