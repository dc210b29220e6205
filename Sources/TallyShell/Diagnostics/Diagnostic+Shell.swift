import TallyDiagnostics

/// The shell's messages — commands, settings, the session's own limits — each written once: a
/// throw site names its message and never spells it. Each keeps its ``DiagnosticID``
/// (`DiagnosticID+Shell.swift`).
extension Diagnostic {
    // MARK: Lines

    /// A line over 1 MiB, at the byte where it was cut.
    static func lineTooLong(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.lineTooLong, "line too long: a line may hold at most 1 MiB (1,048,576 bytes)", at: span)
    }

    /// `1; exit`: the end of the session among other statements.
    static func endAmongStatements(_ word: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(
            .endAmongStatements, "'\(word)' ends the session: write it on a line of its own, not after ';'", at: span)
    }

    // MARK: Command arguments

    /// A command's value is missing: `expectation` says what it takes ("set digits N").
    static func missingValue(_ expectation: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.missingArgument, "missing value: \(expectation)", at: span)
    }

    /// A setting's value is not one it takes: `expectation` says what it takes.
    static func invalidSettingValue(_ expectation: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.invalidSettingValue, expectation, at: span)
    }

    /// `set maxdigits 10` below `digits`.
    static func maxDigitsBelowDigits(_ digits: Int, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.invalidSettingValue, "maxdigits cannot be below digits (\(digits)); lower digits first", at: span)
    }

    /// A punctuation mark where a command expects a word.
    static func expectedWord(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.expectedWord, "expected a word here", at: span)
    }

    /// Arguments after a command that takes no more.
    static func extraArgument(after command: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.extraArgument, "unexpected argument: '\(command)' takes no more", at: span)
    }

    /// `unset` alone.
    static func missingUnsetName(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.missingArgument, "missing name: unset NAME removes a variable or a function", at: span)
    }

    /// `set colour on`: with the settings listed when no suggestion is near.
    static func unknownSetting(_ name: String, known: [String]?, at span: SourceSpan) -> Diagnostic {
        let list = known.map { " (settings: \($0.joined(separator: ", ")))" } ?? ""
        return Diagnostic(.unknownSetting, "unknown setting '\(name)'\(list)", at: span)
    }

    /// `help nothing`.
    static func unknownHelpTopic(_ word: String, topics: [String], at span: SourceSpan) -> Diagnostic {
        Diagnostic(.unknownHelpTopic, "no help on '\(word)' (topics: \(topics.joined(separator: ", ")))", at: span)
    }

    // MARK: bmi and habit

    /// `bmi (1/3) 70`: `shown` is the value as the session writes it.
    static func inexactMeasurement(_ shown: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.inexactMeasurement, "a measurement must be exact; this is approximately \(shown)", at: span)
    }

    /// A `bmi` line that failed for a reason of TallyHealth's own (`message`).
    static func bmiFailed(_ message: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.bmiFailed, message, at: span)
    }

    /// `TALLY_TODAY=2026-13-01`.
    static func unusableToday(_ reason: String, at span: SourceSpan) -> Diagnostic {
        Diagnostic(.unusableToday, "TALLY_TODAY is not a usable date: \(reason)", at: span)
    }

    /// `habit` with no data directory to be had.
    static func noDataDirectory(at span: SourceSpan) -> Diagnostic {
        Diagnostic(.noDataDirectory, "no place for habit data: set --data-dir DIR, TALLY_DATA_DIR or HOME", at: span)
    }
}
