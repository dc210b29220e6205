import TallyCore

/// A unit a `bmi` argument may carry, with its exact size in its quantity's base unit.
public enum MeasurementUnit: String, Sendable, CaseIterable {
    /// Centimetre, the default height unit.
    case centimetre = "cm"
    /// Metre.
    case metre = "m"
    /// Inch, exactly 2.54 cm.
    case inch = "in"
    /// Foot, exactly 12 in.
    case foot = "ft"
    /// Kilogram, the default weight unit.
    case kilogram = "kg"
    /// Pound, exactly 0.45359237 kg.
    case pound = "lb"
    /// Stone, exactly 14 lb.
    case stone = "st"

    /// Reads a unit as typed, ignoring case; also `'` and `"` (and their typographic forms) for
    /// feet and inches, and `lbs`. `nil` for anything else.
    public init?(symbol: String) {
        switch symbol.lowercased() {
        case "cm": self = .centimetre
        case "m": self = .metre
        case "in", "\"", "\u{2033}": self = .inch
        case "ft", "'", "\u{2032}": self = .foot
        case "kg": self = .kilogram
        case "lb", "lbs": self = .pound
        case "st": self = .stone
        default: return nil
        }
    }

    /// The canonical symbol: `cm`, `ft`, `lb`.
    public var symbol: String { rawValue }

    /// Whether the unit measures a height or a weight.
    public var quantity: BodyQuantity {
        switch self {
        case .centimetre, .metre, .inch, .foot: return .height
        case .kilogram, .pound, .stone: return .weight
        }
    }

    /// One of this unit in centimetres (heights) or kilograms (weights), exactly: the
    /// definitions of the inch (1959) and the pound, so imperial and metric inputs of the same
    /// person give the same BMI to the last digit.
    public var sizeInBaseUnit: Number {
        switch self {
        case .centimetre, .kilogram: return Number(1)
        case .metre: return Number(100)
        case .inch: return Number(numerator: 254, denominator: 100)
        case .foot: return Number(12) * MeasurementUnit.inch.sizeInBaseUnit
        case .pound: return Number(numerator: 45_359_237, denominator: 100_000_000)
        case .stone: return Number(14) * MeasurementUnit.pound.sizeInBaseUnit
        }
    }

    /// The smaller unit that may follow this one in a compound value (`5ft9in`, `11st4lb`).
    public var minorUnit: MeasurementUnit? {
        switch self {
        case .foot: return .inch
        case .stone: return .pound
        default: return nil
        }
    }

    /// The unit's name in messages about several of it: "inches", "stones".
    var pluralName: String {
        switch self {
        case .centimetre: return "centimetres"
        case .metre: return "metres"
        case .inch: return "inches"
        case .foot: return "feet"
        case .kilogram: return "kilograms"
        case .pound: return "pounds"
        case .stone: return "stones"
        }
    }

    /// A compound value of this unit as a user would write it, for messages.
    var compoundExample: String {
        switch self {
        case .foot: return "5ft9in"
        case .stone: return "11st4lb"
        default: return symbol
        }
    }

    /// How many decimals a limit in this unit needs to be told apart from its neighbours.
    var displayPlaces: Int {
        self == .metre ? 2 : 1
    }
}
