import TallyCore
import TallyDiagnostics

/// The height or the weight of a `bmi` line: one value with its unit (`175`, `1.75m`, `(h)cm`),
/// or quantities side by side (`5ft9in`, `5ft 9 in`, `11st4lb`, `1 yd 2 ft 9 in`).
///
/// Its units are checked when it is made, so a `MeasurementArgument` always has units of its
/// quantity in an order that makes sense; its values are checked when they are known, by
/// ``amountInBaseUnit(resolve:)``.
public struct MeasurementArgument: Sendable {
    /// What the argument measures.
    public let quantity: BodyQuantity
    /// Where the argument stands: 0-based UTF-8 byte offsets into the whole line, half-open.
    public let span: SourceSpan
    /// The values and units as written; one or more.
    let parts: [ArgumentPart]
    /// The unit of each part: as written, or implied (the base unit for a bare number, the
    /// minor unit for the bare number in `5ft9`).
    let units: [MeasurementUnit]

    /// Checks the units of `parts` for an argument measuring `quantity`.
    init(parts: [ArgumentPart], quantity: BodyQuantity) throws(Diagnostic) {
        precondition(!parts.isEmpty, "an argument has a value")
        var units: [MeasurementUnit] = []
        for (index, part) in parts.enumerated() {
            if case .date = part.value {
                throw Diagnostic.bmiDateAsMeasurement(quantity.name, at: part.span)
            }
            if index == 0 {
                guard let unitText = part.unitText, let unitSpan = part.unitSpan else {
                    units.append(quantity.baseUnit)
                    continue
                }
                let unit = try Self.unit(unitText, at: unitSpan, for: quantity)
                guard unit.quantity == quantity.measuredAs else {
                    throw Diagnostic.bmiUnitOfOtherQuantity(
                        unitText, measures: unit.quantity.name, position: quantity.position, at: unitSpan)
                }
                units.append(unit)
                continue
            }
            // Quantities side by side add up, as in an expression (`5 ft 9 in`, `1 yd 2 ft 9 in`),
            // each in a smaller unit of the same system than the one before.
            let major = units[index - 1]
            guard let unitText = part.unitText, let unitSpan = part.unitSpan else {
                // A bare number is the everyday smaller unit right after the first (`5ft9`, `1m75`).
                guard index == 1, let minor = major.minorUnit else {
                    throw ArgumentWord.missingSpace(at: part.span.start)
                }
                units.append(minor)
                continue
            }
            let unit = try Self.unit(unitText, at: unitSpan, for: quantity)
            if unit.quantity != quantity.measuredAs {
                // `5ft150lb`: the weight, written without the space that separates them.
                throw ArgumentWord.missingSpace(at: part.span.start)
            }
            guard unit == major.minorUnit || major.isFollowed(by: unit) else {
                let example =
                    major.minorUnit.map { "only \($0.pluralName) may follow \(major.pluralName)" }
                    ?? "only smaller \(major.isImperial ? "imperial" : "metric") units may follow \(major.pluralName)"
                throw Diagnostic.bmiMisplacedMinorUnit(example, example: major.compoundExample, at: unitSpan)
            }
            units.append(unit)
        }
        self.quantity = quantity
        self.parts = parts
        self.units = units
        span = parts[0].span.union(parts[parts.count - 1].span)
    }

    /// Whether the argument is one value without a unit, read in the base unit by default.
    var isBare: Bool {
        parts.count == 1 && parts[0].unitText == nil
    }

    private static func unit(_ text: String, at span: SourceSpan, for quantity: BodyQuantity) throws(Diagnostic)
        -> MeasurementUnit
    {
        guard let unit = MeasurementUnit(symbol: text) else {
            let symbols = quantity.units.map(\.symbol)
            if let other = UnitTable.unit(lenientlyNamed: text) {
                // A unit of the calculator's table that measures something else: `175h`.
                throw Diagnostic.bmiCalculatorUnit(
                    text, measures: other.dimension.name, not: quantity.article, quantity: quantity.name,
                    symbols: symbols, at: span)
            }
            throw Diagnostic.bmiUnknownUnit(text, quantity: quantity.name, symbols: symbols, at: span).suggesting(
                Suggestion.nearest(to: text.lowercased(), in: MeasurementUnit.suggestedWords))
        }
        return unit
    }
}
