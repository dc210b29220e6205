import TallyDiagnostics
import TallyHealth

/// A measurement read from a `bmi` line before it has a role: its exact amount (in centimetres
/// or kilograms when it has a unit, as written when it is bare), what it measures, and the
/// pieces it was written with.
struct BMIMeasurementReading {
    /// The amount: in the base unit of ``quantity``, or the bare number.
    let amount: Rational
    /// A length (`.height`) or a mass (`.weight`); nil for a bare number.
    let quantity: BodyQuantity?
    /// The symbol of its first unit (`ft` for `5 ft 9 in`); nil for a bare number.
    let unitSymbol: String?
    /// The first value as written, without its unit.
    let valueText: String
    let span: SourceSpan
    /// Whether the number has a decimal comma (`170,5`), for the message about `bmi 175,70`.
    let hasDecimalComma: Bool

    /// The measurement as `role` (a height, a weight or a waist): a bare number in its base
    /// unit; one of the other quantity is an error at its unit.
    func measurement(as role: BodyQuantity) throws(Diagnostic) -> BodyMeasurement {
        guard let quantity else {
            return BodyMeasurement(role, amount: amount, unit: nil, valueText: valueText, span: span)
        }
        let measuredAs: BodyQuantity = role == .waist ? .height : role
        guard quantity == measuredAs else {
            throw Diagnostic.bmiUnitOfOtherQuantity(
                unitSymbol ?? "", measures: quantity == .height ? "length" : "mass",
                position: "the \(role.name) is \(role == .weight ? "a mass" : "a length")", at: span)
        }
        let unit = unitSymbol.flatMap(MeasurementUnit.init(symbol:)) ?? role.baseUnit
        return BodyMeasurement(role, amount: amount, unit: unit, valueText: valueText, span: span)
    }

    /// Groups pieces into measurements: quantities side by side add up when each is in a
    /// smaller unit of the same quantity and system (`5 ft 9 in`, `1 m 75 cm`, `11 st 4 lb`); a
    /// bare number glued after metres, feet or stones is its smaller unit (`1m75`, `5ft9`), and
    /// a bare whole number after feet or stones standing alone is too when it is less than one
    /// of them (`5ft 9`). Anything else starts a new measurement.
    static func group(_ pieces: [BMIPiece]) throws(Diagnostic) -> [BMIMeasurementReading] {
        var result: [BMIMeasurementReading] = []
        var index = 0
        while index < pieces.count {
            let first = pieces[index]
            var (amount, quantity, symbol) = try value(of: first)
            var lastUnit = symbol.flatMap(BMIExpressionAdapter.unit)
            var span = first.span
            var count = 1
            index += 1
            while index < pieces.count, let major = lastUnit, let quantityNow = quantity {
                let next = pieces[index]
                let minor: BMIExpressionAdapter.Unit
                if let unit = next.unit, next.reading.isNumber {
                    let majorUnit = MeasurementUnit(symbol: major.symbol)
                    let minorUnit = MeasurementUnit(symbol: unit.symbol)
                    guard unit.quantity == quantityNow, Rational.compare(unit.size, major.size) < 0,
                        (majorUnit?.isImperial ?? false) == (minorUnit?.isImperial ?? false)
                    else {
                        if unit.quantity == quantityNow, let majorUnit,
                            next.isGlued || Rational.compare(unit.size, major.size) < 0
                        {
                            // `5ft9cm`: a slip far likelier than 5 ft plus 9 cm.
                            let system = majorUnit.isImperial ? "imperial" : "metric"
                            let rule =
                                majorUnit.minorUnit.map { "only \($0.pluralName) may follow \(majorUnit.pluralName)" }
                                ?? "only smaller \(system) units may follow \(majorUnit.pluralName)"
                            let examples = [
                                "ft": "5ft9in", "st": "11st4lb", "m": "1m75cm", "yd": "1yd 2ft 9in", "km": "1km 200m",
                                "mi": "1mi 20yd", "t": "1t 200kg",
                            ]
                            throw Diagnostic.bmiMisplacedMinorUnit(
                                rule, example: examples[majorUnit.symbol] ?? "1\(majorUnit.symbol)",
                                at: next.unitSpan ?? next.span)
                        }
                        break
                    }
                    minor = unit
                } else if next.unit == nil, next.reading.isNumber,
                    let minorSymbol = MeasurementUnit(symbol: major.symbol)?.minorUnit?.symbol,
                    let unit = BMIExpressionAdapter.unit(minorSymbol),
                    next.isGlued
                        || (count == 1 && major.symbol != "m" && next.reading.number?.isInteger == true
                            && Rational.compare(next.reading.number ?? Rational(0), major.size / unit.size) < 0)
                {
                    minor = unit
                } else {
                    if next.isGlued { throw Diagnostic.bmiMissingSpace(at: next.valueSpan.start) }
                    break
                }
                let written = next.reading.number ?? Rational(0)
                let limit = major.size / minor.size
                let names = (
                    MeasurementUnit(symbol: minor.symbol)?.pluralName ?? minor.symbol,
                    MeasurementUnit(symbol: major.symbol)?.pluralName ?? major.symbol
                )
                if written.signum < 0 {
                    throw Diagnostic.bmiNegativeMinorAmount(names.0, after: names.1, at: next.span)
                }
                if Rational.compare(written, limit) >= 0 {
                    throw Diagnostic.bmiMinorAmountTooLarge(
                        names.0, after: names.1, limit: limit.description, at: next.span)
                }
                amount = amount + written * minor.size
                span = span.union(next.span)
                lastUnit = minor
                count += 1
                index += 1
            }
            if index < pieces.count, pieces[index].isGlued, count == 1 {
                throw Diagnostic.bmiMissingSpace(at: pieces[index].valueSpan.start)
            }
            _ = quantity
            result.append(
                BMIMeasurementReading(
                    amount: amount, quantity: quantity, unitSymbol: symbol, valueText: first.valueText, span: span,
                    hasDecimalComma: first.valueText.contains(",")))
        }
        return result
    }

    /// The amount, quantity and unit symbol of one piece.
    private static func value(of piece: BMIPiece) throws(Diagnostic) -> (Rational, BodyQuantity?, String?) {
        switch (piece.reading, piece.unit) {
        case (.number(let number), nil):
            if let unitSpan = piece.unitSpan {
                throw Diagnostic.bmiUnknownUnit(
                    String(piece.valueText), quantity: "measurement", symbols: ["cm", "kg"], at: unitSpan)
            }
            return (number, nil, nil)
        case (.number(let number), let unit?):
            return (number * unit.size, unit.quantity, unit.symbol)
        case (.measurement(let amount, let quantity, let symbol), nil):
            return (amount, quantity, symbol)
        case (.measurement, _?):
            throw Diagnostic.bmiUnitWithoutNumber(piece.unit?.symbol ?? "", at: piece.unitSpan ?? piece.span)
        }
    }
}

extension BMIExpressionAdapter.Reading {
    /// The plain number, or nil for a length or mass.
    var number: Rational? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// Whether the value is a plain number.
    var isNumber: Bool { number != nil }
}
