import TallyCalendar
import TallyDiagnostics

/// A request at the end of a line to show its value another way: `255 to hex`, `1/7 to exact`.
/// It changes how the value is written, never the value: `ans` stays the number.
public struct Conversion: Sendable, Equatable {
    public var target: ConversionTarget
    /// From `to` to the end of the target, for errors about the conversion as a whole.
    public var span: SourceSpan

    public init(target: ConversionTarget, span: SourceSpan) {
        self.target = target
        self.span = span
    }
}

/// The forms `to` can show a value in. Each form except ``digits(_:)``, ``places(_:)`` and
/// ``mixed`` (which round or are for reading) prints text that reads back as the same value.
public enum ConversionTarget: Sendable, Equatable {
    /// `0xff`; integers only.
    case hexadecimal
    /// `0b1010`; integers only.
    case binary
    /// `0o17`; integers only.
    case octal
    /// `7r513` in base 2…36; integers only.
    case base(Int)
    /// `11/12`, `-7/2`.
    case fraction
    /// `3 1/2`: a whole part and a proper fraction, for reading.
    case mixed
    /// `1.5e6`, `3.(3)e-1`: one digit before the point.
    case scientific
    /// The plain decimal form every line shows by default (`0xff to decimal`, `to float`).
    case decimal
    /// Rounded to N significant digits.
    case digits(Int)
    /// Rounded to N decimal places, all of them shown.
    case places(Int)
    /// `15%`.
    case percent
    /// The full decimal expansion, its repeating part in parentheses: `0.08(3)`.
    case exact
    /// The exact decimal form (as ``exact``) with the digits before the point grouped in
    /// threes by `_`: `1_234_567.5`, `1_234.(3)`.
    case grouped
    /// The prime factorization: `2^3 × 3^2 × 5`.
    case factors
    /// A quantity in another unit of its dimension: `to km/h`, `to °C`; the unit is
    /// ``Code/units``[index]. (An index keeps the target a plain value, so that a line's code
    /// costs nothing more to copy and free when it has no units.)
    case unit(Int)
    /// A quantity in whole units and a last part: `to ft in` shows `5 ft 8.9 in`, for reading;
    /// the units are ``Code/units``[first...] (the conversion ends the line, so its units are
    /// the last), single named units.
    case mixedUnits(first: Int)
    /// A quantity in SI base units: `to si`.
    case si
    /// The day of the week of a date, `Friday`; for reading.
    case weekday
    /// A date-time (or a date, at 00:00 UTC) as seconds since 1970-01-01T00:00:00Z.
    case unix
    /// A date-time in another time zone: `to UTC`, `to Asia/Seoul`, `to local`.
    case zone(Zone)

    /// The targets written as one word after `to`. A target with an argument (`base N`,
    /// `N digits`, `N places`) is read by the parser; new kinds of target (units) join here.
    public static let words: [String: ConversionTarget] = [
        "hex": .hexadecimal, "bin": .binary, "oct": .octal, "fraction": .fraction, "mixed": .mixed,
        "sci": .scientific, "exact": .exact, "grouped": .grouped, "factors": .factors, "si": .si,
        "weekday": .weekday, "unix": .unix, "local": .zone(.local),
        // Other calculators' words for the same forms.
        "hexadecimal": .hexadecimal, "binary": .binary, "octal": .octal, "scientific": .scientific,
        "decimal": .decimal, "dec": .decimal, "float": .decimal,
    ]

    /// How the targets are written, for messages and help.
    public static let summary =
        "hex, bin, oct, decimal, base N, fraction, mixed, sci, N digits, N places, %, exact, grouped, factors, a unit, si, weekday, unix, a time zone"

    /// Whether the conversion changes the value (the unit of a quantity, the zone of a
    /// date-time) rather than how it is written.
    public var isUnitConversion: Bool {
        switch self {
        case .unit, .mixedUnits, .si, .zone: return true
        default: return false
        }
    }
}
