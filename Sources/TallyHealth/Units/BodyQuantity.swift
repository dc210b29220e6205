import TallyDiagnostics

/// What a `bmi` argument measures: the height (first), the weight (second) or the waist.
public enum BodyQuantity: Sendable, CaseIterable {
    /// Body height, kept in centimetres.
    case height
    /// Body weight, kept in kilograms.
    case weight
    /// The waist's circumference, a length kept in centimetres (after `waist`).
    case waist

    /// The word used in messages: "height", "weight".
    public var name: String {
        switch self {
        case .height: return "height"
        case .weight: return "weight"
        case .waist: return "waist"
        }
    }

    /// The quantity whose units this one takes: a waist is measured as a length.
    var measuredAs: BodyQuantity {
        self == .waist ? .height : self
    }

    /// The unit a bare number is read in, and the unit every value is converted to.
    public var baseUnit: MeasurementUnit {
        switch self {
        case .height, .waist: return .centimetre
        case .weight: return .kilogram
        }
    }

    /// The units a user may write for this quantity, in the order `help bmi` lists them.
    public var units: [MeasurementUnit] {
        MeasurementUnit.allCases.filter { $0.quantity == measuredAs }
    }

    /// The smallest and largest accepted value in the base unit, both inclusive.
    ///
    /// Wide enough for every recorded adult (the shortest about 55 cm, the tallest 272 cm, the
    /// heaviest about 635 kg) while still catching a value typed in the wrong unit.
    public var plausibleRange: (lowest: Rational, highest: Rational) {
        switch self {
        case .height: return (Rational(50), Rational(272))
        case .weight: return (Rational(2), Rational(650))
        case .waist: return (Rational(30), Rational(250))
        }
    }

    /// Whether `amount` (in the base unit) lies in ``plausibleRange``.
    func contains(_ amount: Rational) -> Bool {
        let range = plausibleRange
        return Rational.compare(amount, range.lowest) >= 0 && Rational.compare(amount, range.highest) <= 0
    }

    /// What the quantity is, with its article, for messages: "a length", "a mass".
    var article: String {
        switch self {
        case .height, .waist: return "a length"
        case .weight: return "a mass"
        }
    }

    /// Where the quantity stands on the line, for the message about a unit in the wrong place.
    var position: String {
        switch self {
        case .height: return "the height comes first"
        case .weight: return "the weight comes second"
        case .waist: return "the waist is a length"
        }
    }
}
