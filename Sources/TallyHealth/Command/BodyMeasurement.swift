import TallyDiagnostics

/// A height, weight or waist as the shell read it from a `bmi` line: its exact amount in
/// centimetres or kilograms, the unit it was written in, and where it stands.
///
/// The shell evaluates each measurement with the calculator (`5 ft 9 in`, `70 kg`, `(h+2) cm`,
/// a variable) and converts it with the calculator's own unit table; TallyHealth sees only the
/// typed value, so it needs no language of its own.
public struct BodyMeasurement: Sendable {
    /// What it measures.
    public let quantity: BodyQuantity
    /// The amount in the quantity's base unit (centimetres or kilograms), exactly.
    public let amount: Rational
    /// The unit it was written in (its first unit: `ft` for `5 ft 9 in`); the base unit for a
    /// bare number.
    public let unit: MeasurementUnit
    /// Whether it was a number without a unit, read in the base unit.
    public let isBare: Bool
    /// The value as written, without a unit: what a suggestion puts a unit after (`1.75` of
    /// `did you mean 1.75m?`).
    public let valueText: String
    /// Where it stands: 0-based UTF-8 byte offsets into the whole line, half-open.
    public let span: SourceSpan

    /// A measurement of `quantity`: `amount` in its base unit, written in `unit` (nil for a bare
    /// number) as `valueText` at `span`.
    public init(
        _ quantity: BodyQuantity, amount: Rational, unit: MeasurementUnit?, valueText: String, span: SourceSpan
    ) {
        self.quantity = quantity
        self.amount = amount
        self.unit = unit ?? quantity.baseUnit
        isBare = unit == nil
        self.valueText = valueText
        self.span = span
    }
}
