import TallyDiagnostics

/// Writes a value in the form a `to` conversion asks for (``ConversionTarget``). Every form
/// but the rounding ones (`N digits`, `N places`) and `mixed` reads back as the same value:
/// `0xff`, `7r513`, `11/12`, `0.(142857)`, `1.(3)e-1`, `15%`, `2^3 × 3^2 × 5`, `1_000`.
/// A value the form cannot show exactly is an error at the value.
public struct ConversionFormatter: Sendable {
    public let settings: EvaluationSettings

    public init(settings: EvaluationSettings) {
        self.settings = settings
    }

    /// `value` in the form `target`; `valueSpan` is where the value came from, for errors.
    public func format(_ value: Value, as target: ConversionTarget, valueSpan: SourceSpan) throws(Diagnostic)
        -> ValueFormatter.Output
    {
        if value.isTruth { throw Diagnostic.expectedNumber(at: valueSpan) }
        if case .calendar(let calendar) = value.kind {
            return try formatCalendar(calendar, as: target, valueSpan: valueSpan)
        }
        if target == .weekday || target == .unix {
            throw Diagnostic.onlyCalendarValuesHave(target == .weekday ? "weekday" : "Unix time", at: valueSpan)
        }
        if case .quantity(let quantity) = value.kind {
            // The number in the form asked, then its unit: `0x1f4 m`, `1/3 h`.
            var output = try format(quantity.magnitude, as: target, valueSpan: valueSpan)
            output.text += " " + quantity.unit.text
            return output
        }
        switch target {
        case .unit, .mixedUnits, .si, .zone:
            preconditionFailure("the evaluator converts units and zones (Evaluator.convert)")
        case .weekday, .unix:
            preconditionFailure("calendar forms are written above")
        case .hexadecimal: return exact(try radixText(value, 16, prefix: "0x", name: "hex", at: valueSpan))
        case .binary: return exact(try radixText(value, 2, prefix: "0b", name: "binary", at: valueSpan))
        case .octal: return exact(try radixText(value, 8, prefix: "0o", name: "octal", at: valueSpan))
        case .base(let radix):
            return exact(try radixText(value, Int32(radix), prefix: "\(radix)r", name: "base \(radix)", at: valueSpan))
        case .fraction:
            let x = try rational(value, for: "a fraction", at: valueSpan)
            if x.isInteger { return exact(x.numerator.description()) }
            return exact("\(x.numerator.description())/\(x.denominator.description())")
        case .mixed:
            let x = try rational(value, for: "a mixed fraction", at: valueSpan)
            let whole = x.truncated
            let part = (x - whole).magnitude
            if part.isZero { return exact(whole.numerator.description()) }
            let fraction = "\(part.numerator.description())/\(part.denominator.description())"
            if whole.isZero { return exact((x.signum < 0 ? "-" : "") + fraction) }
            return exact("\(whole.numerator.description()) \(fraction)")
        case .decimal:
            return ValueFormatter(settings: settings).format(value)
        case .exact:
            let x = try rational(value, for: "an exact decimal", at: valueSpan)
            return exact(try expansion(of: x, at: valueSpan).text)
        case .scientific:
            switch value.kind {
            case .truth: throw Diagnostic.expectedNumber(at: valueSpan)
            case .quantity, .calendar: preconditionFailure(ConversionFormatter.formattedAbove)
            case .number(let x):
                return exact(try expansion(of: x, at: valueSpan).scientific)
            case .real(let real):
                let text = real.formatted(significantDigits: settings.digits, within: settings.budget).text
                return ValueFormatter.Output(text: ConversionFormatter.scientific(text), isRounded: true)
            }
        case .percent:
            let hundred = Value.number(Number(100))
            switch value.kind {
            case .truth: throw Diagnostic.expectedNumber(at: valueSpan)
            case .quantity, .calendar: preconditionFailure(ConversionFormatter.formattedAbove)
            case .number(let x):
                return exact(try expansion(of: x * Number(100), at: valueSpan).text + "%")
            case .real:
                var output = ValueFormatter(settings: settings).format(value * hundred)
                output.text += "%"
                return output
            }
        case .digits(let count):
            try settings.checkSize(Double(count), at: valueSpan)
            switch value.kind {
            case .truth: throw Diagnostic.expectedNumber(at: valueSpan)
            case .quantity, .calendar: preconditionFailure(ConversionFormatter.formattedAbove)
            case .number(let x):
                if x.isInteger && x.decimalSize <= count { return exact(x.numerator.description()) }
                if !x.isInteger {
                    let formatted = x.formatted(significantDigits: count)
                    return ValueFormatter.Output(text: formatted.text, isRounded: formatted.isRounded)
                }
                let formatted = Real(x).formatted(significantDigits: count, within: settings.budget)
                return ValueFormatter.Output(text: formatted.text, isRounded: true)
            case .real(let real):
                let formatted = real.formatted(significantDigits: count, within: settings.budget)
                return ValueFormatter.Output(text: formatted.text, isRounded: true)
            }
        case .places(let places):
            try settings.checkSize(Double(places), at: valueSpan)
            let rounded: Number
            let isRounded: Bool
            switch value.kind {
            case .truth: throw Diagnostic.expectedNumber(at: valueSpan)
            case .quantity, .calendar: preconditionFailure(ConversionFormatter.formattedAbove)
            case .number(let x):
                try settings.checkSize(Double(x.decimalSize + places), at: valueSpan)
                rounded = x.rounded(toPlaces: places)
                isRounded = rounded != x
            case .real(let real):
                rounded = try settings.rounded(real, toPlaces: places, at: valueSpan)
                isRounded = true
            }
            return ValueFormatter.Output(text: ConversionFormatter.fixed(rounded, places: places), isRounded: isRounded)
        case .grouped:
            // The exact form, as `to exact` writes it, so that it reads back; an approximate
            // value as it is shown, rounded.
            switch value.kind {
            case .truth: throw Diagnostic.expectedNumber(at: valueSpan)
            case .quantity, .calendar: preconditionFailure(ConversionFormatter.formattedAbove)
            case .number(let x):
                return exact(ValueFormatter.grouped(try expansion(of: x, at: valueSpan).text))
            case .real:
                var output = ValueFormatter(settings: settings).format(value)
                output.text = ValueFormatter.grouped(output.text)
                return output
            }
        case .factors:
            let x = try settings.integer(value, at: valueSpan, purpose: "only integers have prime factors")
            guard !x.isZero else {
                throw Diagnostic.noPrimeFactorization(.cannotConvert, at: valueSpan)
            }
            guard let factors = PrimeFactorization.factors(of: x.bigIntegerValue!) else {
                throw settings.workStopped(at: valueSpan)
            }
            var terms = factors.map {
                $0.exponent == 1 ? $0.prime.description() : "\($0.prime.description())^\($0.exponent)"
            }
            if terms.isEmpty { terms = ["1"] }
            if x.signum < 0 { terms.insert("-1", at: 0) }
            return exact(terms.joined(separator: " × "))
        }
    }

    /// Why the switches below never see a quantity: `format` writes its magnitude, then its unit.
    private static let formattedAbove = "a quantity's magnitude is formatted, then its unit"

    private func exact(_ text: String) -> ValueFormatter.Output {
        ValueFormatter.Output(text: text, isRounded: false)
    }

    /// An integer in `radix` with its prefix; the sign before the prefix (`-0xff`).
    private func radixText(_ value: Value, _ radix: Int32, prefix: String, name: String, at span: SourceSpan)
        throws(Diagnostic) -> String
    {
        let x: Number
        switch value.kind {
        case .number(let number) where number.isInteger:
            x = number
        default:
            throw Diagnostic.onlyIntegersIn(name, got: settings.briefly(value), at: span)
        }
        let magnitude = x.magnitude.bigIntegerValue!.description(radix: radix)
        return (x.signum < 0 ? "-" : "") + prefix + magnitude
    }

    /// The value as an exact rational, or an error saying it is not known to be one.
    private func rational(_ value: Value, for form: String, at span: SourceSpan) throws(Diagnostic) -> Number {
        switch value.kind {
        case .truth: throw Diagnostic.expectedNumber(at: span)
        case .quantity, .calendar: preconditionFailure(ConversionFormatter.formattedAbove)
        case .number(let x): return x
        case .real:
            throw Diagnostic.notKnownRational(settings.briefly(value), form: form, at: span)
        }
    }

    private func expansion(of x: Number, at span: SourceSpan) throws(Diagnostic) -> DecimalExpansion {
        guard let expansion = x.decimalExpansion(limit: settings.maxDigits) else {
            if LineWork.mustStop { throw settings.workStopped(at: span) }
            throw Diagnostic.repetendTooLong(maxDigits: settings.maxDigits, at: span)
        }
        return expansion
    }

    /// A rounded decimal text in scientific notation: `123.4` is `1.234e2`.
    static func scientific(_ text: String) -> String {
        if text.contains("e") { return text }
        var digits = text
        var sign = ""
        if digits.hasPrefix("-") {
            sign = "-"
            digits.removeFirst()
        }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        let integer = String(parts[0])
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        let all = Array((integer + fraction).utf8)
        guard let first = all.firstIndex(where: { $0 != UInt8(ascii: "0") }) else { return "0" }
        let exponent = integer.utf8.count - 1 - first
        var rest = Array(all[(first + 1)...])
        while rest.last == UInt8(ascii: "0") { rest.removeLast() }
        let mantissa =
            String(decoding: [all[first]], as: UTF8.self)
            + (rest.isEmpty ? "" : "." + String(decoding: rest, as: UTF8.self))
        return "\(sign)\(mantissa)e\(exponent)"
    }

    /// A multiple of 10^-places written with exactly `places` digits after the point.
    static func fixed(_ x: Number, places: Int) -> String {
        let scaled = (x * Number(BigInteger.power(10, UInt(places)))).numerator
        var digits = scaled.magnitude.description()
        if places == 0 { return (scaled.signum < 0 ? "-" : "") + digits }
        if digits.utf8.count <= places {
            digits = String(repeating: "0", count: places - digits.utf8.count + 1) + digits
        }
        let split = digits.index(digits.endIndex, offsetBy: -places)
        return (scaled.signum < 0 ? "-" : "") + digits[..<split] + "." + digits[split...]
    }
}
