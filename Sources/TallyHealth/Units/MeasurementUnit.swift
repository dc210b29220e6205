/// The unit a height, weight or waist was written in, as far as the BMI's report cares: it
/// echoes a height written in imperial units in feet and inches, gives a weight written in
/// pounds or stones its healthy range in them too, and states a limit in the unit typed.
///
/// The value itself reaches TallyHealth already converted (``BodyMeasurement/amount``, in
/// centimetres or kilograms, by the calculator's own unit table); these sizes are the same exact
/// factors (1 in = 2.54 cm, 1 lb = 0.45359237 kg), for the figures the report converts back.
public struct MeasurementUnit: Sendable, Hashable {
    /// The canonical symbol: `cm`, `ft`, `lb`.
    public let symbol: String
    /// Whether it measures a length (a height or a waist) or a mass (a weight).
    public let quantity: BodyQuantity
    /// One of this unit in centimetres (lengths) or kilograms (masses), exactly.
    public let sizeInBaseUnit: Rational
    /// Whether the unit is imperial: the report then adds feet and inches, or pounds.
    public let isImperial: Bool

    private init(_ symbol: String, _ quantity: BodyQuantity, _ size: Rational, imperial: Bool = false) {
        self.symbol = symbol
        self.quantity = quantity
        sizeInBaseUnit = size
        isImperial = imperial
    }

    public static let millimetre = MeasurementUnit("mm", .height, Rational(numerator: 1, denominator: 10))
    /// The default height unit.
    public static let centimetre = MeasurementUnit("cm", .height, Rational(1))
    public static let metre = MeasurementUnit("m", .height, Rational(100))
    public static let kilometre = MeasurementUnit("km", .height, Rational(100_000))
    /// Exactly 2.54 cm.
    public static let inch = MeasurementUnit("in", .height, Rational(numerator: 254, denominator: 100), imperial: true)
    /// Exactly 12 in.
    public static let foot = MeasurementUnit("ft", .height, Rational(numerator: 3048, denominator: 100), imperial: true)
    public static let yard = MeasurementUnit("yd", .height, Rational(numerator: 9144, denominator: 100), imperial: true)
    public static let mile = MeasurementUnit("mi", .height, Rational(160_934) + Rational.tenths(4), imperial: true)
    public static let gram = MeasurementUnit("g", .weight, Rational(numerator: 1, denominator: 1000))
    /// The default weight unit.
    public static let kilogram = MeasurementUnit("kg", .weight, Rational(1))
    public static let tonne = MeasurementUnit("t", .weight, Rational(1000))
    /// Exactly 0.45359237 kg.
    public static let pound = MeasurementUnit(
        "lb", .weight, Rational(numerator: 45_359_237, denominator: 100_000_000), imperial: true)
    /// Exactly 14 lb.
    public static let stone = MeasurementUnit(
        "st", .weight, Rational(numerator: 45_359_237 * 14, denominator: 100_000_000), imperial: true)
    /// Exactly 1/16 lb.
    public static let ounce = MeasurementUnit(
        "oz", .weight, Rational(numerator: 45_359_237, denominator: 1_600_000_000), imperial: true)

    /// Every unit the report knows by name.
    public static let allCases: [MeasurementUnit] = [
        .millimetre, .centimetre, .metre, .kilometre, .inch, .foot, .yard, .mile, .gram, .kilogram, .tonne,
        .pound, .stone, .ounce,
    ]

    /// The unit of this canonical symbol (`cm`, `lb`), or nil for one the report does not
    /// name (it then speaks in the base unit).
    public init?(symbol: String) {
        guard let unit = Self.allCases.first(where: { $0.symbol == symbol }) else { return nil }
        self = unit
    }

    /// The smaller unit that follows this one in an everyday compound value (`5ft 9in`,
    /// `11st 4lb`, `1m 75cm`).
    public var minorUnit: MeasurementUnit? {
        switch symbol {
        case "m": return .centimetre
        case "ft": return .inch
        case "st": return .pound
        default: return nil
        }
    }

    /// The unit's name in messages about several of it: "inches", "stones".
    public var pluralName: String {
        switch symbol {
        case "mm": return "millimetres"
        case "cm": return "centimetres"
        case "m": return "metres"
        case "km": return "kilometres"
        case "in": return "inches"
        case "ft": return "feet"
        case "yd": return "yards"
        case "mi": return "miles"
        case "g": return "grams"
        case "kg": return "kilograms"
        case "t": return "tonnes"
        case "lb": return "pounds"
        case "st": return "stones"
        default: return "ounces"
        }
    }

    /// How many decimals a limit in this unit needs to be told apart from its neighbours.
    var displayPlaces: Int {
        switch symbol {
        case "m", "yd": return 2
        case "t": return 3
        case "km", "mi": return 5
        default: return 1
        }
    }
}
