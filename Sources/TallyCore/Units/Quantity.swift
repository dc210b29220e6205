import TallyDiagnostics

/// A number with a unit: `5 km`, `60 km/h`, `sqrt(2) m`. The magnitude is a plain number
/// (exact or real) in ``unit``, which is the unit it is shown in: arithmetic keeps the left
/// operand's unit (`1 km + 300 m` is `1.3 km`) and `to` changes it. Converting multiplies by
/// exact factors, so an exact magnitude stays exact.
///
/// A class, so that a value holding one stays as small as a plain number's: lines without
/// units never pay for them.
public final class Quantity: Sendable {
    /// Never a quantity itself.
    public let magnitude: Value
    public let unit: CompoundUnit

    public init(magnitude: Value, unit: CompoundUnit) {
        self.magnitude = magnitude
        self.unit = unit
    }

    public var dimension: Dimension { unit.dimension }

    /// How a message names it: "a length (km)".
    public var described: String { "\(dimension.name) (\(unit.text))" }
}
