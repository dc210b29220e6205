import TallyCore
import TallyDiagnostics

/// A unit a `bmi` argument may carry: any unit of length (a height) or mass (a weight) of the
/// calculator's own unit table (``UnitTable``, `help units`), with its exact size in its
/// quantity's base unit — so `bmi 1.75 m 11 st 4 lb`, `bmi 69 in 70 kg` and `bmi 5.75 ft 70000 g`
/// all work, with the same exact factors as `5 ft 9 in to cm`.
///
/// `bmi` is more forgiving than an expression in how a unit is written, as the table's lenient
/// lookup reads it: any letter case (`CM`, `Kg`), full-width letters (`ｃｍ`), and the marks `'`
/// and `"` (and their typographic forms) for feet and inches. There is no table of its own.
public struct MeasurementUnit: Sendable {
    /// The unit in the calculator's table.
    public let unit: PhysicalUnit
    /// Whether it measures a height or a weight.
    public let quantity: BodyQuantity
    /// One of this unit in centimetres (heights) or kilograms (weights), exactly.
    public let sizeInBaseUnit: Number

    private init?(_ unit: PhysicalUnit) {
        guard let factor = unit.factor.number else { return nil }
        if unit.dimension == Dimension(.length) {
            quantity = .height
            sizeInBaseUnit = factor * Number(100)
        } else if unit.dimension == Dimension(.mass) {
            quantity = .weight
            sizeInBaseUnit = factor
        } else {
            return nil
        }
        self.unit = unit
    }

    private static func named(_ symbol: String) -> MeasurementUnit {
        guard let unit = UnitTable.unit(named: symbol), let measurement = MeasurementUnit(unit) else {
            preconditionFailure("\(symbol) is a length or mass in the unit table")
        }
        return measurement
    }

    public static let millimetre = named("mm")
    /// The default height unit.
    public static let centimetre = named("cm")
    public static let metre = named("m")
    /// Exactly 2.54 cm.
    public static let inch = named("in")
    /// Exactly 12 in.
    public static let foot = named("ft")
    /// The default weight unit.
    public static let kilogram = named("kg")
    /// Exactly 0.45359237 kg.
    public static let pound = named("lb")
    /// Exactly 14 lb.
    public static let stone = named("st")

    /// The everyday units, in the order `help bmi` and its messages list them; every other
    /// length and mass unit of the table works too.
    public static let allCases: [MeasurementUnit] = [
        .millimetre, .centimetre, .metre, .inch, .foot, .kilogram, .pound, .stone,
    ]

    /// Reads a unit word as typed, through ``UnitTable/unit(lenientlyNamed:)``: any length or
    /// mass unit of the table, in any letter case and width, and the foot and inch marks.
    /// `nil` for anything else (or a unit of another dimension).
    public init?(symbol: String) {
        guard let unit = UnitTable.unit(lenientlyNamed: symbol).flatMap(MeasurementUnit.init) else { return nil }
        self = unit
    }

    /// Every word of the everyday units, for `did you mean`.
    static let words: [String] = {
        var words: [String] = []
        for measurement in allCases {
            let entry = UnitTable.entries.first { $0.unit == measurement.unit }
            words.append(measurement.symbol)
            words += entry?.aliases ?? []
        }
        return words
    }()

    /// The unit words a misspelt one is compared with, in a fixed order (ties go to the
    /// earlier): the words of more than one letter, shortest first.
    static let suggestedWords: [String] = Array(Set(words)).filter { $0.count > 1 && $0.first!.isLetter }
        .sorted { ($0.count, $0) < ($1.count, $1) }

    /// The canonical symbol: `cm`, `ft`, `lb`.
    public var symbol: String { unit.symbol }

    /// Whether the unit is imperial (inches, feet, yards, miles; pounds, stones, ounces): the
    /// report then adds feet and inches, or pounds, to the metric figures.
    public var isImperial: Bool {
        ["in", "ft", "yd", "mi", "lb", "st", "oz"].contains(symbol)
    }

    /// The smaller unit that may follow this one in a compound value (`5ft9in`, `11st4lb`,
    /// `1m75`, where a bare number after the metres is centimetres).
    public var minorUnit: MeasurementUnit? {
        switch symbol {
        case "m": return .centimetre
        case "ft": return .inch
        case "st": return .pound
        default: return nil
        }
    }

    /// Whether `unit` may follow this one in a value of quantities side by side: a smaller
    /// unit of the same quantity and system (`1 yd 2 ft 9 in`, `11 st 4 lb 8 oz`, `1 m 75 cm`).
    /// Mixing systems (`5ft9cm`) is far likelier a slip than a sum.
    func isFollowed(by unit: MeasurementUnit) -> Bool {
        unit.quantity == quantity && unit.isImperial == isImperial
            && Number.compare(unit.sizeInBaseUnit, sizeInBaseUnit) < 0
    }

    /// The unit's name in messages about several of it: "inches", "stones".
    var pluralName: String {
        switch symbol {
        case "mm": return "millimetres"
        case "cm": return "centimetres"
        case "m": return "metres"
        case "in": return "inches"
        case "ft": return "feet"
        case "kg": return "kilograms"
        case "lb": return "pounds"
        case "st": return "stones"
        default:
            let aliases = UnitTable.entries.first { $0.unit == unit }?.aliases ?? []
            return aliases.last { $0.hasSuffix("s") && $0.count > 3 } ?? symbol
        }
    }

    /// A compound value of this unit as a user would write it, for messages.
    var compoundExample: String {
        switch symbol {
        case "m": return "1m75"
        case "ft": return "5ft9in"
        case "st": return "11st4lb"
        case "yd": return "1yd 2ft 9in"
        case "km": return "1km 200m"
        default: return symbol
        }
    }

    /// How many decimals a limit in this unit needs to be told apart from its neighbours.
    var displayPlaces: Int {
        switch symbol {
        case "m", "yd": return 2
        case "t": return 3
        case "km", "mi", "nmi": return 5
        default: return 1
        }
    }
}

extension MeasurementUnit: Equatable, Hashable {
    public static func == (lhs: MeasurementUnit, rhs: MeasurementUnit) -> Bool { lhs.unit == rhs.unit }
    public func hash(into hasher: inout Hasher) { hasher.combine(unit) }
}
