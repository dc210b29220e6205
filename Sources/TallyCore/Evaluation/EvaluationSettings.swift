import TallyCalendar
import TallyDiagnostics

/// The settings an evaluation depends on (`set digits`, `set maxdigits`, `set angle`).
public struct EvaluationSettings: Sendable, Equatable {
    /// Significant digits shown for values that are not exact decimals.
    public var digits: Int = 20
    /// The most decimal digits any exact value may have; checked before computing it.
    public var maxDigits: Int = 1_000_000
    /// The most work one line may do, in steps (``LineWork``): about a second's worth at the
    /// default; checked before each long step.
    public var maxWork: Int = 100_000_000
    /// The unit of the angles that trigonometric functions take and give.
    public var angle: AngleUnit = .radians
    /// How results group their integer digits in threes: not at all, by `_` (`set grouping
    /// on`: `1_234_567`) or by `,` (`set grouping ,`: `1,234,567`); each reads back.
    public var grouping = DigitGrouping.off
    /// Where `today` and `now` come from: the system clock, or the values `TALLY_TODAY` and
    /// `TALLY_NOW` pin.
    public var clock: Clock = .system

    /// The largest `maxwork` accepted: about three hours of work.
    public static let maxWorkLimit = 1_000_000_000_000

    /// The largest `maxdigits` accepted; `digits` may go up to `maxdigits`.
    public static let maxDigitsLimit = 100_000_000

    /// The fewest decimal places to which a decision examines a value before it gives up: a
    /// value within 10^-1000 of zero (or of an integer, for `floor`) cannot be told from it.
    public static let decisionDigits = 1_000

    public init(digits: Int = 20, maxDigits: Int = 1_000_000, angle: AngleUnit = .radians) {
        self.digits = digits
        self.maxDigits = maxDigits
        self.angle = angle
    }

    /// How far decisions and display look: 1,000 digits, or twice `digits` when that is more.
    var budget: Real.Budget {
        Real.Budget(digits: Swift.max(EvaluationSettings.decisionDigits, 2 * digits))
    }
}

/// Radians or degrees.
public enum AngleUnit: String, Sendable, CaseIterable {
    case radians = "rad"
    case degrees = "deg"
}
