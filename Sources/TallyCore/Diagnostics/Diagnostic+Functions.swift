import TallyDiagnostics

/// The messages of the built-in functions and of `to` conversions, each written once (see
/// `Diagnostic+Evaluation.swift`).
extension Diagnostic {
    // MARK: Domains

    /// An argument outside the function's domain; `message` says which and why.
    static func outsideDomain(_ message: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.domainError, message, at: span)
    }

    /// `powmod(2, -1, 5)`.
    static func modularPowerNegativeExponent(at span: SourceSpan) -> Diagnostic {
        outsideDomain("powmod needs an exponent of at least 0", at: span)
    }

    /// `log(8, 1)`.
    static func logarithmBaseOne(at span: SourceSpan) -> Diagnostic {
        outsideDomain("a logarithm's base cannot be 1", at: span)
    }

    /// `ln(0)`.
    static func logarithmOfZero(at span: SourceSpan) -> Diagnostic {
        outsideDomain("the logarithm of zero is not defined", at: span)
    }

    /// `ln(-1)`, `log(8, -2)`: `what` is "a positive argument" or "a positive base".
    static func logarithmNeedsPositive(_ what: String, got shown: String, at span: SourceSpan) -> Diagnostic {
        outsideDomain("a logarithm needs \(what), got \(shown)", at: span)
    }

    /// `tan(pi/2)`.
    static func tangentPole(at span: SourceSpan) -> Diagnostic {
        outsideDomain("tan is not defined at odd multiples of a right angle (pi/2, 90°)", at: span)
    }

    /// `atan2(0, 0)`.
    static func atan2OfOrigin(at span: SourceSpan) -> Diagnostic {
        outsideDomain("atan2(0, 0) has no angle", at: span)
    }

    /// `acosh(0)`.
    static func acoshBelowOne(got shown: String, at span: SourceSpan) -> Diagnostic {
        outsideDomain("acosh needs an argument of at least 1, got \(shown)", at: span)
    }

    /// `atanh(1)`.
    static func atanhOutsideOpenUnit(got shown: String, at span: SourceSpan) -> Diagnostic {
        outsideDomain("atanh needs an argument strictly between -1 and 1, got \(shown)", at: span)
    }

    /// `asin(2)`: `name` is the function.
    static func outsideUnitInterval(_ name: String, got shown: String, at span: SourceSpan) -> Diagnostic {
        outsideDomain("\(name) needs an argument from -1 to 1, got \(shown)", at: span)
    }

    /// `factor(0)` (a domain error) and `0 to factors` (a conversion that cannot be made): the
    /// same words under the id of each.
    static func noPrimeFactorization(_ id: DiagnosticID, at span: SourceSpan) -> Diagnostic {
        Diagnostic(id, "0 has no prime factorization", at: span)
    }

    // MARK: Ranges

    /// `round(x, 10^9)`.
    static func roundPlacesOutOfRange(maxDigits: Int, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.argumentOutOfRange, "round's places must be an integer within ±\(grouped(maxDigits))", at: span)
    }

    /// `root(x, 0)`.
    static func rootDegreeOutOfRange(at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .argumentOutOfRange, "the root's degree must be a whole number from 1 to \(grouped(1 << 20))", at: span)
    }

    // MARK: Conversions (`to`)

    /// `1.5 to hex`: `name` is the form.
    static func onlyIntegersIn(_ name: String, got shown: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .cannotConvert,
            "only integers can be shown in \(name); this value is \(shown) (try 'to fraction' or 'to exact')",
            at: span)
    }

    /// `sqrt(2) to fraction`: `form` is the exact form asked for.
    static func notKnownRational(_ shown: String, form: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .cannotConvert, "\(shown) is not known to be a rational number, so it has no exact form as \(form)",
            at: span)
    }

    /// `1/7^9999 to exact` past `maxdigits`.
    static func repetendTooLong(maxDigits: Int, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .resultTooLarge,
            "the exact decimal of this value repeats after more than \(grouped(maxDigits)) digits (set maxdigits N, or use 'to fraction')",
            at: span)
    }
}
