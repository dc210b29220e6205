import TallyDiagnostics

/// The parser's messages about what follows `to`, each written once (see
/// `Diagnostic+Parser.swift`). `word` is the conversion word as written (`to`, `->`, `in`).
extension Diagnostic {
    /// `5 to`, `5 to ?`.
    static func expectedConversion(after word: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .unknownConversion, "expected what to convert to after '\(word)': \(ConversionTarget.summary)", at: span)
    }

    /// `5 to base 40`.
    static func expectedBase(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.unknownConversion, "expected a base from 2 to 36 after 'to base'", at: span)
    }

    /// `5 to hexx`: the note with the nearest target or unit is the caller's.
    static func unknownConversion(_ name: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .unknownConversion,
            "unknown conversion '\(TerminalSafeText.excerpt(name))' (to \(ConversionTarget.summary))",
            at: span)
    }

    /// `pi to 0 digits`.
    static func noDigitsAsked(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.unknownConversion, "'to N digits' needs at least 1 digit", at: span)
    }

    /// `pi to 5 apples`.
    static func expectedDigitsOrPlaces(after count: Int, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.unknownConversion, "expected 'digits' or 'places' after 'to \(count)'", at: span)
    }

    /// `5 to hex 2`.
    static func unexpectedAfterConversion(_ described: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.unexpectedToken, "unexpected \(described) after the conversion: 'to' ends the line", at: span)
    }

    /// `to Europe/Pari`: a name shaped like a zone that is none; the nearest zone is the
    /// caller's note.
    static func unknownTimeZone(_ name: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .unknownConversion,
            "unknown time zone '\(TerminalSafeText.excerpt(name))': zones are names of the tz database, as in Europe/Paris or America/New_York",
            at: span)
    }

    // MARK: Mixed units

    /// `to ft m/s`.
    static func mixedUnitNotSingle(at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .invalidUnit, "mixed units are single units of one dimension, as in 'to ft in' or 'to h min s'", at: span)
    }

    /// `to ft s`: `part` measures another dimension than `unit`, the first.
    static func mixedUnitsOfTwoDimensions(_ part: CompoundUnit, first unit: CompoundUnit, at span: SourceSpan)
        -> Diagnostic
    {
        Diagnostic(
            .dimensionMismatch,
            "mixed units must all measure the same thing, but \(part.text) is \(part.dimension.name) and \(unit.text) \(unit.dimension.name)",
            at: span)
    }

    /// `to ft in ft`: `symbol` again, first written at `first`.
    static func mixedUnitRepeated(_ symbol: String, at span: SourceSpan, first: SourceSpan) -> Diagnostic {
        Diagnostic(.invalidUnit, "\(symbol) is already in these mixed units: each unit stands once", at: span)
            .noting("first written here", at: first)
    }

    /// `to in ft`: `symbol` is no smaller than `previous`; `sorted` is the order that works.
    static func mixedUnitsOutOfOrder(_ symbol: String, after previous: String, sorted: String, at span: SourceSpan)
        -> Diagnostic
    {
        Diagnostic(
            .invalidUnit,
            "mixed units go from the largest to the smallest, but \(symbol) is no smaller than \(previous): write 'to \(sorted)'",
            at: span)
    }
}
