import TallyCore
import TallyDiagnostics
import TallyHealth

/// The one place `bmi` asks the calculator for anything: the value of a span of the line (a
/// number, a variable, a call, an expression in parentheses, a quantity such as `5 ft 9 in`),
/// and the calculator's unit table for a unit word. Everything TallyHealth then receives is a
/// typed value (``TallyHealth/Rational``), so it links no part of the language.
///
/// It uses only TallyCore's public evaluation API, ``Evaluator/evaluate(line:in:)``, and the
/// unit table's lenient lookup, ``UnitTable/unit(lenientlyNamed:)``.
struct BMIExpressionAdapter {
    /// A value read from the line.
    enum Reading {
        /// A plain number.
        case number(Rational)
        /// A length or a mass, in centimetres or kilograms, and the unit it was written in
        /// (`ft` for `5 ft 9 in`).
        case measurement(Rational, BodyQuantity, unitSymbol: String)
    }

    /// A unit of length or mass from the calculator's table.
    struct Unit {
        /// The canonical symbol: `cm`, `ft`, `lb`.
        let symbol: String
        /// A length (`.height`) or a mass (`.weight`).
        let quantity: BodyQuantity
        /// One of it in centimetres or kilograms.
        let size: Rational
    }

    let evaluator: Evaluator
    /// The line evaluated: the line as typed, with each decimal comma of a measurement turned
    /// into a point (same length, so every span stays true).
    let line: String

    /// The unit `word` names, in any letter case or width, or a foot or inch mark: a length or
    /// a mass. Nil for anything else; `otherDimension` says what a unit of another kind
    /// measures (`h`: "a time").
    static func unit(_ word: String) -> Unit? {
        guard let unit = UnitTable.unit(lenientlyNamed: word), let size = rational(unit.factor.number) else {
            return nil
        }
        if unit.dimension == Dimension(.length) {
            return Unit(symbol: unit.symbol, quantity: .height, size: size * Rational(100))
        }
        if unit.dimension == Dimension(.mass) { return Unit(symbol: unit.symbol, quantity: .weight, size: size) }
        return nil
    }

    /// What a unit of the calculator's table that is no length or mass measures (`a time`), or
    /// nil for a word that is no unit.
    static func otherDimension(_ word: String) -> String? {
        guard let unit = UnitTable.unit(lenientlyNamed: word), unit.dimension != Dimension(.length),
            unit.dimension != Dimension(.mass)
        else { return nil }
        return unit.dimension.name
    }

    /// The value of `span`: a number, or a length or mass converted exactly to centimetres or
    /// kilograms.
    ///
    /// - Throws: the calculator's ``Diagnostic`` (an unknown name, division by zero, …), one
    ///   at `span` for a value that is not exact, not a number, of another dimension, or with
    ///   more digits than a measurement has; ``EvaluationError/interrupted`` when Ctrl-C
    ///   stopped it.
    func read(_ span: SourceSpan) throws -> Reading {
        let value: Value
        if let folded = Self.foldedFullWidth(line, in: span) {
            // Full-width digits and letters (`１７５ｃｍ`) read as ASCII ones; an error is then
            // about the whole measurement, whose columns the folding moved.
            do {
                value = try evaluator.evaluate(line: folded, in: SourceSpan(start: 0, end: folded.utf8.count))
            } catch EvaluationError.failed(var diagnostic) {
                diagnostic.span = span
                diagnostic.notes = []
                throw diagnostic
            }
        } else {
            do {
                value = try evaluator.evaluate(line: line, in: span)
            } catch EvaluationError.failed(let diagnostic) {
                throw diagnostic
            }
        }
        switch value.kind {
        case .number(let number):
            return .number(try Self.measurementRational(number, at: span))
        case .quantity(let quantity):
            guard quantity.unit.isSingle, let unit = quantity.unit.factors.first?.unit,
                let measured = Self.unit(unit.symbol), let magnitude = quantity.magnitude.number
            else {
                if quantity.magnitude.number == nil {
                    throw Diagnostic.inexactMeasurement(evaluator.formatter.format(value).text, at: span)
                }
                throw Diagnostic.bmiNotAMeasurement(quantity.described, at: span)
            }
            let amount = try Self.measurementRational(magnitude, at: span) * measured.size
            return .measurement(amount, measured.quantity, unitSymbol: measured.symbol)
        case .truth:
            throw Diagnostic.expectedNumber(at: span)
        case .real:
            throw Diagnostic.inexactMeasurement(evaluator.formatter.format(value).text, at: span)
        case .calendar:
            throw Diagnostic.bmiNotAMeasurement("a date", at: span)
        }
    }

    /// The text of `span` with full-width forms (U+FF01…U+FF5E) as ASCII, or nil when it has none.
    private static func foldedFullWidth(_ line: String, in span: SourceSpan) -> String? {
        let text = String(decoding: Array(line.utf8)[span.start..<span.end], as: UTF8.self)
        guard text.unicodeScalars.contains(where: { (0xFF01...0xFF5E).contains($0.value) }) else { return nil }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let ascii = (0xFF01...0xFF5E).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0xFEE0) : nil
            scalars.append(ascii ?? scalar)
        }
        return String(scalars)
    }

    /// `number` as a TallyHealth fraction, or an error at `span` for one with more digits than
    /// any measurement (numerator or denominator of 2^40 or more).
    private static func measurementRational(_ number: Number, at span: SourceSpan) throws(Diagnostic) -> Rational {
        if let value = rational(number), value.isMeasurement { return value }
        // Far beyond any measurement either way: a stand-in just as far, so the range check
        // names the measurement implausible (its digits are never shown).
        let magnitude = number.signum < 0 ? -number : number
        if Number.compare(magnitude, Number(1 << 30)) > 0 {
            return Rational(number.signum * (1 << 30))
        }
        if Number.compare(magnitude, Number(numerator: 1, denominator: 1 << 30)) < 0 {
            return Rational(numerator: number.signum, denominator: 1 << 30)
        }
        throw Diagnostic.bmiTooPrecise(at: span)
    }

    /// `number` as a TallyHealth fraction when numerator and denominator fit in machine words.
    private static func rational(_ number: Number?) -> Rational? {
        guard let number, let numerator = number.numerator.intValue, let denominator = number.denominator.intValue
        else { return nil }
        return Rational(numerator: numerator, denominator: denominator)
    }
}
