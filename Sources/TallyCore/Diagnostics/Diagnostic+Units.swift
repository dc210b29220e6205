import TallyDiagnostics

/// The messages about quantities and their units, each written once (see
/// `Diagnostic+Evaluation.swift`).
extension Diagnostic {
    /// `(5 km) m`: a unit after a quantity.
    static func unitAfterQuantity(_ quantity: Quantity, unit: CompoundUnit, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .invalidUnit,
            "a unit applies to a plain number, but this is already \(quantity.described); multiply by 1 \(unit.text) to combine them",
            at: span)
    }

    /// `m^200`.
    static func unitPowerOutOfRange(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.invalidUnit, "a unit's power must stay within -100 to 100", at: span)
    }

    /// `(2 m)^0.5`.
    static func quantityPowerNotAllowed(_ quantity: Quantity, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .invalidUnit,
            "\(quantity.described) can be raised only to a whole power, or to 1/n when its units' powers divide by n",
            at: span)
    }

    /// `20 °C * 2`.
    static func temperatureScaled(_ scale: PhysicalUnit, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .temperatureArithmetic,
            "a temperature on the \(scale.symbol) scale is a point, not an amount: it cannot be multiplied or divided (convert it with 'to K' first)",
            at: span)
    }

    /// `(20 °C)^2`.
    static func temperatureRaised(_ scale: PhysicalUnit, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .temperatureArithmetic,
            "a temperature on the \(scale.symbol) scale is a point, not an amount: it has no powers (convert it with 'to K' first)",
            at: span)
    }

    /// `20 °C + 10 °C`.
    static func temperaturesAdded(_ left: CompoundUnit, _ right: CompoundUnit, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .temperatureArithmetic,
            "cannot add two temperatures on a scale (\(left.text) + \(right.text)): add a difference instead, as in 20 °C + 10 degC",
            at: span)
    }

    /// `10 degC + 20 °C`: `verb` is "add" or "subtract", `other` the quantity on the left.
    static func temperatureAddedTo(
        _ scale: PhysicalUnit, verb: String, preposition: String, other: String, at span: SourceSpan
    ) -> Diagnostic {
        Diagnostic(
            .temperatureArithmetic,
            "cannot \(verb) a temperature on the \(scale.symbol) scale \(preposition) \(other): it is a point, not an amount (convert it with 'to K' first)",
            at: span)
    }

    /// `20 °C to degC`.
    static func temperatureToDifference(_ scale: PhysicalUnit, target: CompoundUnit, at span: SourceSpan) -> Diagnostic
    {
        Diagnostic(
            .temperatureArithmetic,
            "cannot convert a temperature on the \(scale.symbol) scale to a difference (\(target.text)): a point is not an amount; subtract two points for a difference, or convert to K",
            at: span)
    }

    /// `10 degC to °C`.
    static func differenceToTemperature(_ source: CompoundUnit, scale: PhysicalUnit, at span: SourceSpan) -> Diagnostic
    {
        Diagnostic(
            .temperatureArithmetic,
            "cannot convert a temperature difference (\(source.text)) to a point on the \(scale.symbol) scale: add it to a point instead, as in 20 \(scale.symbol) + 10 \(source.text)",
            at: span)
    }

    /// `5 m + 2 s`: "cannot add 2 s to 5 m".
    static func dimensionMismatch(
        _ verb: String, _ first: String, _ preposition: String, _ second: String, at span: SourceSpan
    )
        -> Diagnostic
    {
        Diagnostic(.dimensionMismatch, "cannot \(verb) \(first) \(preposition) \(second)", at: span)
    }

    /// `5 to km`.
    static func plainNumberConverted(to target: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .dimensionMismatch,
            "cannot convert a plain number to \(target): write a unit after the number, as in 5 km to mi",
            at: span)
    }

    /// `1:30 to min`: a time of day (or a date) converted to a unit.
    static func calendarValueConverted(_ described: String, to target: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .dimensionMismatch,
            "cannot convert \(described) to \(target): it is a moment, not an amount of time; the difference "
                + "of two is one (1:30 - 0:00 to min, 2026-12-25 - today to week)",
            at: span)
    }

    /// `5 m to s`.
    static func cannotConvert(_ quantity: Quantity, to target: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.dimensionMismatch, "cannot convert \(quantity.described) to \(target)", at: span)
    }

    // MARK: Units as written

    /// `m^0`, `m^x`, `m⁰`: `withExample` adds how a power is written (after `^`, where
    /// anything could have been typed; a superscript is a power already).
    static func unitPowerNotWhole(withExample: Bool, at span: SourceSpan) -> Diagnostic {
        let message = "a unit's power must be a whole number from -100 to 100, other than 0"
        return Diagnostic(.invalidUnit, withExample ? message + ", as in m^2 or s^-1" : message, at: span)
    }

    /// `5 m/m`.
    static func unitCancelsOut(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.invalidUnit, "this unit cancels out: write the number alone", at: span)
    }

    /// `5 °C/s`: `scale` is the temperature scale's symbol.
    static func temperatureScaleInCompound(_ scale: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .invalidUnit,
            "\(scale) is a point on a temperature scale and cannot be part of a compound unit or a power: use K",
            at: span)
    }

    /// `5 m 3 s`: quantities side by side add up, so they must measure the same thing.
    static func quantitiesSideBySide(_ next: CompoundUnit, after unit: CompoundUnit, at span: SourceSpan) -> Diagnostic
    {
        Diagnostic(
            .dimensionMismatch,
            "quantities side by side add up, but \(next.dimension.name) (\(next.text)) cannot be added to \(unit.dimension.name) (\(unit.text))",
            at: span)
    }
}
