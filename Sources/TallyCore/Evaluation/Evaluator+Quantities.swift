import TallyDiagnostics

/// Arithmetic and conversions of quantities (``Quantity``): units travel with the numbers,
/// dimensions are checked, and every conversion multiplies by an exact factor, so exact
/// magnitudes stay exact. The magnitudes themselves go through the same operators as plain
/// numbers, with their size checks and real-number guarantees.
///
/// Temperatures on a scale (°C, °F) are points, not amounts: one may be converted, compared,
/// negated, moved by a difference in kelvin (`20 °C + 10 K` is 30 °C), or subtracted from
/// another (`30 °C - 20 °C` is 10 K); anything else is an error that says so.
extension Evaluator {
    /// `operand` as a quantity in `unit`; a plain number only.
    func quantity(_ operand: Operand, in unit: CompoundUnit, unitSpan: SourceSpan) throws(Diagnostic) -> Value {
        if case .quantity(let quantity) = operand.value.kind {
            throw Diagnostic.unitAfterQuantity(quantity, unit: unit, at: unitSpan)
        }
        return .quantity(operand.value, unit)
    }

    /// A binary operation with at least one quantity operand.
    func applyQuantity(_ operation: BinaryOperator, _ lhs: Operand, _ rhs: Operand, operatorSpan: SourceSpan)
        throws(Diagnostic) -> Value
    {
        if lhs.value.isTruth { throw Diagnostic.expectedNumber(at: lhs.span) }
        if rhs.value.isTruth { throw Diagnostic.expectedNumber(at: rhs.span) }
        let left = QuantityParts(lhs)
        let right = QuantityParts(rhs)
        switch operation {
        case .add, .subtract:
            return try addOrSubtract(operation, left, right, operatorSpan: operatorSpan)
        case .addPercentage, .subtractPercentage:
            // `80 kg + 15%`: the percentage is a plain number.
            guard let unit = left.unit, right.unit == nil else {
                throw mismatch(operation == .addPercentage ? "add" : "subtract", left, right, at: operatorSpan)
            }
            let magnitude = try plain(operation, left.magnitudeOperand, right.operand, operatorSpan: operatorSpan)
            return .quantity(magnitude, unit)
        case .multiply, .divide:
            for part in [left, right] {
                if let scale = part.unit?.affineUnit {
                    throw Diagnostic.temperatureScaled(scale, at: part.operand.span)
                }
            }
            if operation == .divide {
                try requireNonZero(right.magnitudeOperand, else: Diagnostic.divisionByZero)
            }
            var magnitude = try plain(
                operation, left.magnitudeOperand, right.magnitudeOperand, operatorSpan: operatorSpan)
            var rightUnit = right.unit
            if operation == .divide, let unit = right.unit {
                guard let inverse = unit.raised(to: -1) else { preconditionFailure("a unit's exponents are small") }
                rightUnit = inverse
            }
            guard let leftUnit = left.unit else { return .quantity(magnitude, rightUnit!) }
            guard let rightUnit else { return .quantity(magnitude, leftUnit) }
            guard let (unit, scale) = leftUnit.multiplied(by: rightUnit) else {
                throw Diagnostic.unitPowerOutOfRange(at: operatorSpan)
            }
            magnitude = try scaled(magnitude, by: scale, at: lhs.span.union(rhs.span))
            return try quantityOrNumber(magnitude, unit, at: lhs.span.union(rhs.span))
        case .power:
            return try power(left, right, operatorSpan: operatorSpan)
        case .floorDivide, .modulo, .bitAnd, .bitOr, .bitXor, .shiftLeft, .shiftRight:
            let part = left.unit != nil ? left : right
            throw Diagnostic.expectedPlainNumber(
                part.quantity!, at: part.operand.span, purpose: "'\(operation.rawValue)' needs plain numbers")
        }
    }

    /// `x` in `unit`, or a plain number when the unit has no dimension left (`J/(W*s)`).
    private func quantityOrNumber(_ magnitude: Value, _ unit: CompoundUnit?, at span: SourceSpan) throws(Diagnostic)
        -> Value
    {
        guard let unit else { return magnitude }
        if unit.dimension.isNone { return try scaled(magnitude, by: unit.factor, at: span) }
        return .quantity(magnitude, unit)
    }

    private func addOrSubtract(
        _ operation: BinaryOperator, _ left: QuantityParts, _ right: QuantityParts, operatorSpan: SourceSpan
    )
        throws(Diagnostic) -> Value
    {
        let verb = operation == .add ? "add" : "subtract"
        guard let leftUnit = left.unit, let rightUnit = right.unit, leftUnit.dimension == rightUnit.dimension else {
            throw mismatch(verb, left, right, at: operatorSpan)
        }
        let span = left.operand.span.union(right.operand.span)
        switch (leftUnit.affineUnit, rightUnit.affineUnit) {
        case (let scale?, _?):
            guard operation == .subtract else {
                throw Diagnostic.temperaturesAdded(leftUnit, rightUnit, at: operatorSpan)
            }
            // Two points on scales: their difference, in degrees of the left one's scale
            // (`100 °F - 32 °F` is `68 degF`).
            let b = try converted(right.magnitude, from: rightUnit, to: leftUnit, at: right.operand.span)
            let difference = try plain(
                .subtract, left.magnitudeOperand, Operand(value: b, span: right.operand.span),
                operatorSpan: operatorSpan)
            return .quantity(difference, CompoundUnit(UnitTable.difference(of: scale)!))
        case (let scale?, nil):
            // A point moved by a difference: the difference in the scale's degrees.
            let ratio = rightUnit.factor / scale.factor
            let step = try scaled(right.magnitude, by: ratio, at: right.operand.span)
            let magnitude = try plain(
                operation, left.magnitudeOperand, Operand(value: step, span: right.operand.span),
                operatorSpan: operatorSpan)
            return .quantity(magnitude, leftUnit)
        case (nil, let scale?):
            throw Diagnostic.temperatureAddedTo(
                scale, verb: verb, preposition: operation == .add ? "to" : "from", other: left.described,
                at: right.operand.span)
        case (nil, nil):
            let ratio = rightUnit == leftUnit ? Value.number(Number(1)) : rightUnit.factor / leftUnit.factor
            let step = try scaled(right.magnitude, by: ratio, at: right.operand.span)
            let magnitude = try plain(
                operation, left.magnitudeOperand, Operand(value: step, span: right.operand.span),
                operatorSpan: operatorSpan)
            _ = span
            return .quantity(magnitude, leftUnit)
        }
    }

    /// A quantity to a plain exact power: an integer, or p/q when every unit's power divides
    /// by q (`(9 m^2)^(1/2)` is 3 m).
    private func power(_ base: QuantityParts, _ exponent: QuantityParts, operatorSpan: SourceSpan) throws(Diagnostic)
        -> Value
    {
        if let quantity = exponent.quantity {
            throw Diagnostic.expectedPlainNumber(
                quantity, at: exponent.operand.span, purpose: "an exponent must be a plain number")
        }
        guard let unit = base.unit, let quantity = base.quantity else {
            preconditionFailure("one operand is a quantity")
        }
        if let scale = unit.affineUnit {
            throw Diagnostic.temperatureRaised(scale, at: base.operand.span)
        }
        guard let p = exponent.operand.value.number, let numerator = p.numerator.intValue,
            let denominator = p.denominator.intValue, let root = unit.root(denominator)
        else {
            throw Diagnostic.quantityPowerNotAllowed(quantity, at: exponent.operand.span)
        }
        let magnitude = try plain(.power, base.magnitudeOperand, exponent.operand, operatorSpan: operatorSpan)
        if numerator == 0 { return magnitude }
        guard let result = root.raised(to: numerator) else {
            throw Diagnostic.unitPowerOutOfRange(at: exponent.operand.span)
        }
        return .quantity(magnitude, result)
    }

    /// Whether `lhs comparison rhs` holds when one side is a quantity: both must have one
    /// dimension; the right side is converted into the left side's unit (a temperature on a
    /// scale as a point), then the magnitudes compare.
    func compareQuantities(_ comparison: Comparison, _ lhs: Operand, _ rhs: Operand, operatorSpan: SourceSpan)
        throws(Diagnostic) -> Bool
    {
        let left = QuantityParts(lhs)
        let right = QuantityParts(rhs)
        guard let leftUnit = left.unit, let rightUnit = right.unit, leftUnit.dimension == rightUnit.dimension else {
            throw mismatch("compare", left, right, at: operatorSpan)
        }
        let converted = try converted(right.magnitude, from: rightUnit, to: leftUnit, at: right.operand.span)
        return try compare(
            comparison, left.magnitudeOperand, Operand(value: converted, span: right.operand.span),
            operatorSpan: operatorSpan)
    }

    private func mismatch(_ verb: String, _ left: QuantityParts, _ right: QuantityParts, at span: SourceSpan)
        -> Diagnostic
    {
        let preposition = verb == "subtract" ? "from" : "to"
        let compare = verb == "compare" ? "with" : preposition
        let (first, second) = verb == "subtract" ? (right, left) : (verb == "compare" ? (left, right) : (right, left))
        return Diagnostic.dimensionMismatch(verb, first.described, compare, second.described, at: span)
    }

    // MARK: Conversion

    /// The line's value converted as its `to` asks, and the text to show when it is not the
    /// value's own (mixed units).
    func convert(_ value: Value, valueSpan: SourceSpan, to conversion: Conversion, units: [CompoundUnit])
        throws(Diagnostic) -> (Value, ValueFormatter.Output?)
    {
        if case .zone(let zone) = conversion.target {
            return (try convertCalendar(value, valueSpan: valueSpan, to: zone, conversion: conversion), nil)
        }
        let target = TargetUnits(conversion.target, units)
        guard case .quantity(let quantity) = value.kind else {
            if case .si = conversion.target { return (value, nil) }
            if case .calendar = value.kind {
                // `1:30 to min`: a time of day, a date or a period, not a plain number.
                throw Diagnostic.calendarValueConverted(
                    Evaluator.described(value), to: target.description, at: conversion.span)
            }
            throw Diagnostic.plainNumberConverted(to: target.description, at: conversion.span)
        }
        switch conversion.target {
        case .unit(let index):
            let unit = units[index]
            if quantity.dimension != unit.dimension, quantity.dimension * unit.dimension == .none,
                !quantity.dimension.isNone, quantity.unit.affineUnit == nil, unit.affineUnit == nil
            {
                // `30 mpg to L/100km`: a rate to its reciprocal (fuel economy to consumption).
                return (.quantity(try reciprocal(quantity, in: unit, at: valueSpan), unit), nil)
            }
            try requireSameDimension(quantity, target, conversion: conversion)
            if quantity.unit.isPointOnScale || unit.isPointOnScale {
                try requirePointsOrAmounts(quantity.unit, unit, at: conversion.span)
            }
            let magnitude = try converted(quantity.magnitude, from: quantity.unit, to: unit, at: valueSpan)
            return (.quantity(magnitude, unit), nil)
        case .si:
            guard let unit = CompoundUnit.base(of: quantity.dimension) else { return (value, nil) }
            let magnitude = try converted(quantity.magnitude, from: quantity.unit, to: unit, at: valueSpan)
            return (.quantity(magnitude, unit), nil)
        case .mixedUnits:
            try requireSameDimension(quantity, target, conversion: conversion)
            if quantity.unit.isPointOnScale {
                for unit in target.units { try requirePointsOrAmounts(quantity.unit, unit, at: conversion.span) }
            }
            return (value, try mixed(quantity, target.units.map { $0.factors[0].unit }, at: valueSpan))
        default:
            preconditionFailure("not a unit conversion")
        }
    }

    /// The magnitude in `target` of the reciprocal of `quantity`, whose dimension is the
    /// inverse of `target`'s: 1 / (magnitude × source factor) / target factor.
    private func reciprocal(_ quantity: Quantity, in target: CompoundUnit, at span: SourceSpan) throws(Diagnostic)
        -> Value
    {
        let base = try scaled(quantity.magnitude, by: quantity.unit.factor * target.factor, at: span)
        return try plain(
            .divide, Operand(value: .number(Number(1)), span: span), Operand(value: base, span: span),
            operatorSpan: span)
    }

    /// The units a unit conversion names, and how a message describes them.
    private struct TargetUnits {
        let units: [CompoundUnit]

        init(_ target: ConversionTarget, _ all: [CompoundUnit]) {
            switch target {
            case .unit(let index): units = [all[index]]
            case .mixedUnits(let first): units = Array(all[first...])
            default: units = []
            }
        }

        var description: String {
            guard let first = units.first else { return "SI units" }
            return "\(first.dimension.name) (\(units.map(\.text).joined(separator: " ")))"
        }
    }

    private func requireSameDimension(_ quantity: Quantity, _ target: TargetUnits, conversion: Conversion)
        throws(Diagnostic)
    {
        guard quantity.dimension == target.units[0].dimension else {
            throw Diagnostic.cannotConvert(quantity, to: target.description, at: conversion.span)
        }
    }

    /// `magnitude` in `source` as a number in `target` (same dimension): times the ratio of the
    /// factors, or through kelvin when a temperature scale is involved.
    func converted(_ magnitude: Value, from source: CompoundUnit, to target: CompoundUnit, at span: SourceSpan)
        throws(Diagnostic) -> Value
    {
        if source == target { return magnitude }
        let sourceScale = source.affineUnit, targetScale = target.affineUnit
        if sourceScale != nil || targetScale != nil { try requirePointsOrAmounts(source, target, at: span) }
        if sourceScale == nil && targetScale == nil {
            return try scaled(magnitude, by: source.factor / target.factor, at: span)
        }
        // value × factor + offset is kelvin; then back through the target's offset and factor.
        var kelvin = try scaled(magnitude, by: source.factor, at: span)
        if let sourceScale { kelvin = try settings.checked(kelvin + .number(sourceScale.offset), at: span) }
        if let targetScale { kelvin = try settings.checked(kelvin - .number(targetScale.offset), at: span) }
        return try scaled(kelvin, by: .number(Number(1)) / target.factor, at: span)
    }

    /// A point on a temperature scale converts to kelvin and to points on the other scale, but
    /// never to a difference of degrees (`degC`, `degF`), nor a difference to a point: `10 degF`
    /// is an amount, which `20 °C + 10 degF` adds to a point.
    private func requirePointsOrAmounts(_ source: CompoundUnit, _ target: CompoundUnit, at span: SourceSpan)
        throws(Diagnostic)
    {
        func isDifference(_ unit: CompoundUnit) -> Bool { unit.factors.contains { $0.unit.isTemperatureDifference } }
        if let scale = source.affineUnit, isDifference(target) {
            throw Diagnostic.temperatureToDifference(scale, target: target, at: span)
        }
        if let scale = target.affineUnit, isDifference(source) {
            throw Diagnostic.differenceToTemperature(source, scale: scale, at: span)
        }
    }

    /// `magnitude × factor`, with the checks of a multiplication; nothing to do for 1.
    private func scaled(_ magnitude: Value, by factor: Value, at span: SourceSpan) throws(Diagnostic) -> Value {
        if let number = factor.number, number == Number(1) { return magnitude }
        return try plain(
            .multiply, Operand(value: magnitude, span: span), Operand(value: factor, span: span), operatorSpan: span)
    }

    /// `175 cm to ft in`: whole feet, then the inches left over, shown like any value.
    private func mixed(_ quantity: Quantity, _ units: [PhysicalUnit], at span: SourceSpan) throws(Diagnostic)
        -> ValueFormatter.Output
    {
        let base = CompoundUnit.base(of: quantity.dimension)!
        var remaining = try converted(quantity.magnitude, from: quantity.unit, to: base, at: span)
        let sign = try settings.compare(remaining, with: Number(0), at: span, question: "the sign of the quantity")
        if sign < 0 { remaining = try apply(.negate, remaining, operandSpan: span) }
        var wholes: [Number] = []
        let formatter = ValueFormatter(settings: settings)
        for unit in units.dropLast() {
            let inUnit = try scaled(remaining, by: .number(Number(1)) / unit.factor, at: span)
            let whole: Number
            switch inUnit.kind {
            case .number(let x): whole = x.floor
            case .real(let x):
                try settings.checkIntegerSize(of: x, scaledBy: 0, at: span)
                guard let floor = x.floor(within: settings.budget, largestDigits: settings.maxDigits) else {
                    throw Diagnostic.undecidable(
                        "how many whole \(unit.symbol) there are", the: "value",
                        is: "within \(settings.distanceText(.real(x))) of a whole number", at: span)
                }
                whole = Number(floor)
            case .quantity, .truth, .calendar: preconditionFailure("a magnitude is a plain number")
            }
            wholes.append(whole)
            remaining = try settings.checked(remaining - .number(whole) * unit.factor, at: span)
        }
        let last = units[units.count - 1]
        var output = formatter.format(try scaled(remaining, by: .number(Number(1)) / last.factor, at: span))
        carryRoundedPart(&output, wholes: &wholes, units: units, formatter: formatter)
        // The calendar's words take their plural, as a quantity in one of them does: `2 days 2 h`.
        func word(_ unit: PhysicalUnit, _ text: String) -> String {
            let isOne = text == "1" || text == "-1"
            return UnitTable.isCalendarUnit(unit) && !isOne ? unit.symbol + "s" : unit.symbol
        }
        var parts = zip(wholes, units).map { whole, unit in
            let text = whole.numerator.description()
            return "\(text) \(word(unit, text))"
        }
        parts.append("\(output.text) \(word(last, output.text))")
        output.text = (sign < 0 ? "-" : "") + parts.joined(separator: " ")
        return output
    }

    /// A last part shown rounded up to a whole unit of the part before it (59.99…9 s shown as
    /// `60`) carries into that part, and on up while a part reaches a whole unit of the one
    /// before: `1 min 0 s`, never `0 min 60 s`. The last part then shows what its rounding left
    /// (`0`), still marked rounded.
    private func carryRoundedPart(
        _ output: inout ValueFormatter.Output, wholes: inout [Number], units: [PhysicalUnit],
        formatter: ValueFormatter
    ) {
        guard output.isRounded, let previous = wholes.indices.last,
            let shown = Number(roundedText: output.text),
            let ratio = (units[previous].factor / units[previous + 1].factor).number,
            Number.compare(shown, ratio) >= 0
        else { return }
        var carried = formatter.format(.number(shown - ratio))
        carried.isRounded = true
        output = carried
        wholes[previous] = wholes[previous] + Number(1)
        for index in stride(from: previous, to: 0, by: -1) {
            guard let ratio = (units[index - 1].factor / units[index].factor).number, ratio.isInteger,
                Number.compare(wholes[index], ratio) >= 0
            else { break }
            wholes[index] = wholes[index] - ratio
            wholes[index - 1] = wholes[index - 1] + Number(1)
        }
    }

    // MARK: Angles

    /// The argument of a function that takes an angle (``FunctionEntry/takesAngle``: `sin`,
    /// `cos`, `tan`) given as an angle quantity, converted to radians (`30 deg` is π/6 exactly,
    /// whatever `set angle` says; the call then reads its argument as radians). Nil for any
    /// other function or dimension, which then needs a plain number.
    func radians(takingAngle takesAngle: Bool, angle quantity: Quantity, at span: SourceSpan) throws(Diagnostic)
        -> Value?
    {
        guard takesAngle, quantity.dimension == Dimension(.angle),
            let radian = UnitTable.unit(named: "rad")
        else { return nil }
        return try converted(quantity.magnitude, from: quantity.unit, to: CompoundUnit(radian), at: span)
    }

    // MARK: Plain arithmetic

    /// `x op y` for plain numbers, exactly as the stack machine computes it.
    func plain(_ operation: BinaryOperator, _ x: Operand, _ y: Operand, operatorSpan: SourceSpan) throws(Diagnostic)
        -> Value
    {
        if case .number(let a) = x.value.kind, case .number(let b) = y.value.kind {
            return try apply(
                operation, a, b, leftSpan: x.span, rightSpan: y.span, operatorSpan: operatorSpan,
                span: x.span.union(y.span))
        }
        return try applyReal(operation, x, y, operatorSpan: operatorSpan)
    }
}

/// An operand split into its magnitude and its unit (nil for a plain number).
struct QuantityParts {
    let operand: Evaluator.Operand
    let quantity: Quantity?

    init(_ operand: Evaluator.Operand) {
        self.operand = operand
        if case .quantity(let quantity) = operand.value.kind {
            self.quantity = quantity
        } else {
            quantity = nil
        }
    }

    var unit: CompoundUnit? { quantity?.unit }
    var magnitude: Value { quantity?.magnitude ?? operand.value }
    /// The magnitude with the operand's span.
    var magnitudeOperand: Evaluator.Operand { Evaluator.Operand(value: magnitude, span: operand.span) }
    var described: String { quantity?.described ?? "a plain number" }
}
