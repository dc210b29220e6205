import TallyCore

/// A unit a `bmi` argument may carry, with its exact size in its quantity's base unit.
public enum MeasurementUnit: String, Sendable, CaseIterable {
    /// Millimetre.
    case millimetre = "mm"
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

    /// Reads a unit word as typed, in any letter case and in full-width letters: the symbols,
    /// their plurals and names (`cms`, `centimetres`, `lbs`, `pounds`, `stone`, `feet`), and
    /// `'` and `"` (and their typographic forms) for feet and inches. `nil` for anything else.
    public init?(symbol: String) {
        guard let unit = MeasurementUnit.words[MeasurementUnit.folded(symbol)] else { return nil }
        self = unit
    }

    /// Every word `bmi` reads as a unit, in one table: the later units work (general quantities)
    /// replaces it, and until then nothing else lists unit words.
    static let words: [String: MeasurementUnit] = {
        var table: [String: MeasurementUnit] = [:]
        let spellings: [(MeasurementUnit, [String])] = [
            (.millimetre, ["mm", "millimeter", "millimeters", "millimetre", "millimetres"]),
            (.centimetre, ["cm", "cms", "centimeter", "centimeters", "centimetre", "centimetres"]),
            (.metre, ["m", "meter", "meters", "metre", "metres"]),
            (.inch, ["in", "ins", "inch", "inches", "\"", "\u{2033}", "''"]),
            (.foot, ["ft", "foot", "feet", "'", "\u{2032}"]),
            (.kilogram, ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"]),
            (.pound, ["lb", "lbs", "pound", "pounds"]),
            (.stone, ["st", "stone", "stones"]),
        ]
        for (unit, words) in spellings {
            for word in words { table[word] = unit }
        }
        return table
    }()

    /// The unit words a misspelt one is compared with, in a fixed order (ties go to the
    /// earlier): the words of more than one letter, shortest first.
    static let suggestedWords: [String] = words.keys.filter { $0.count > 1 && $0.first!.isLetter }
        .sorted { ($0.count, $0) < ($1.count, $1) }

    /// A word as the unit table holds it: lower case, full-width Latin letters as ASCII.
    static func folded(_ word: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in word.unicodeScalars {
            if (0xFF01...0xFF5E).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFEE0) {
                scalars.append(ascii)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars).lowercased()
    }

    /// The canonical symbol: `cm`, `ft`, `lb`.
    public var symbol: String { rawValue }

    /// Whether the unit measures a height or a weight.
    public var quantity: BodyQuantity {
        switch self {
        case .millimetre, .centimetre, .metre, .inch, .foot: return .height
        case .kilogram, .pound, .stone: return .weight
        }
    }

    /// One of this unit in centimetres (heights) or kilograms (weights), exactly: the
    /// definitions of the inch (1959) and the pound, so imperial and metric inputs of the same
    /// person give the same BMI to the last digit.
    public var sizeInBaseUnit: Number {
        switch self {
        case .centimetre, .kilogram: return Number(1)
        case .millimetre: return Number(numerator: 1, denominator: 10)
        case .metre: return Number(100)
        case .inch: return Number(numerator: 254, denominator: 100)
        case .foot: return Number(12) * MeasurementUnit.inch.sizeInBaseUnit
        case .pound: return Number(numerator: 45_359_237, denominator: 100_000_000)
        case .stone: return Number(14) * MeasurementUnit.pound.sizeInBaseUnit
        }
    }

    /// The smaller unit that may follow this one in a compound value (`5ft9in`, `11st4lb`,
    /// `1m75`, where a bare number after the metres is centimetres).
    public var minorUnit: MeasurementUnit? {
        switch self {
        case .metre: return .centimetre
        case .foot: return .inch
        case .stone: return .pound
        default: return nil
        }
    }

    /// The unit's name in messages about several of it: "inches", "stones".
    var pluralName: String {
        switch self {
        case .millimetre: return "millimetres"
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
        case .metre: return "1m75"
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
