import TallyCore
import TallyHabits
import TallyHealth

/// One conversation with Tally: variables, `ans` and settings carried from line to line.
///
/// `handle(_:)` takes one line and returns its ``LineOutcome``; the interactive front end and
/// the batch runner decide how to show it.
public struct Session {
    /// How results are shown: interactively rounded values carry a `≈ ` marker, batch output
    /// stays a bare number that other tools can read.
    public enum Style: Sendable {
        case interactive
        case batch
        /// Batch output with rounded values marked `≈ ` (`--mark-rounded`).
        case batchMarkingRounded
    }

    public var evaluator: Evaluator
    public let style: Style
    /// The BMI standard used when a `bmi` line names none (`set standard`).
    public var standard: BMIStandard = .who
    /// Where `habit` keeps its data, `today` for habits, colour and confirmation.
    public private(set) var environment: SessionEnvironment
    /// The evaluator as it was before the last line, for ``revertLastLine()``.
    private var evaluatorBeforeLastLine: Evaluator?
    /// Opened on the first `habit` line, so a session that never uses habits never touches
    /// the database.
    private var habits: HabitCommandRunner?

    public init(
        style: Style, settings: EvaluationSettings = EvaluationSettings(),
        environment: SessionEnvironment = SessionEnvironment()
    ) {
        self.style = style
        self.environment = environment
        evaluator = Evaluator(settings: settings, commandWords: CommandWord.reservedWords)
    }

    /// The longest line Tally takes, in bytes of UTF-8 (1 MiB): what a line may cost in memory
    /// and time stays bounded whatever the input.
    public static let maximumLineBytes = 1 << 20

    /// The error for a line longer than ``maximumLineBytes``, at the byte `offset` where it
    /// crosses the limit.
    static func lineTooLong(at offset: Int) -> Diagnostic {
        Diagnostic(
            .lineTooLong, "line too long: a line may hold at most 1 MiB (1,048,576 bytes)",
            at: SourceSpan(at: offset))
    }

    /// Where a line of `bytes`, longer than `limit`, is cut: the start of the character at
    /// byte `limit`, so that a cut never splits a UTF-8 sequence.
    static func characterBoundary(atOrBefore limit: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var offset = limit
        while offset > 0 && bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
        return offset
    }

    /// Evaluates one line, which came from `origin` (a function defined on it remembers where).
    public mutating func handle(_ line: String, origin: LineOrigin = .unnamed) -> LineOutcome {
        Interruption.clear()
        if line.utf8.count > Session.maximumLineBytes {
            var line = line
            let offset = line.withUTF8 { Session.characterBoundary(atOrBefore: Session.maximumLineBytes, in: $0) }
            return .failing(Session.lineTooLong(at: offset))
        }
        do {
            if Session.mayStartWithCommandWord(line), let (command, argumentsStart) = try commandWord(of: line) {
                return try run(command, line: line, argumentsStart: argumentsStart)
            }
        } catch {
            return .failing(error)
        }
        if style != .interactive {
            return Session.evaluate(line, origin: origin, in: &evaluator, style: style)
        }
        evaluatorBeforeLastLine = evaluator
        // Interactively, on a thread of its own, so that Ctrl-C returns at once even from one
        // long GMP or MPFR operation; the session keeps the result only when the work completes.
        let start = evaluator
        let style = self.style
        guard
            let (finished, outcome) = BackgroundWork.run({
                var evaluator = start
                let outcome = Session.evaluate(line, origin: origin, in: &evaluator, style: style)
                return (evaluator, outcome)
            })
        else { return .interrupted }
        if outcome.wasInterrupted { return outcome }
        evaluator = finished
        return outcome
    }

    /// Handles a line given as its bytes when it is an expression line of plain ASCII in a
    /// batch session, exactly as ``handle(_:origin:)`` handles its text but without making
    /// the text; nil for any other line, which the caller hands to ``handle(_:origin:)``.
    ///
    /// An exact result of a plain batch session goes to `write` as the bytes of its text, with
    /// no string made for it; the outcome then prints nothing more.
    mutating func handle(
        plainLine bytes: UnsafeBufferPointer<UInt8>, origin: LineOrigin, write: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> LineOutcome? {
        guard style != .interactive, bytes.count <= Session.maximumLineBytes, Session.isASCII(bytes),
            !Session.mayStartWithCommandWord(bytes)
        else { return nil }
        Interruption.clear()
        return Session.outcome(style: style, in: &evaluator, writingNumbers: style == .batch, to: write) {
            evaluator throws(EvaluationError) in
            try evaluator.run(lineBytes: bytes, origin: origin)
        }
    }

    /// Whether every byte is ASCII, so that the bytes and their text are read alike (other
    /// lines keep the path on which invalid UTF-8 is shown repaired).
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        // Eight bytes at a time, then the rest.
        var union: UInt64 = 0
        var index = 0
        while index + 8 <= bytes.count {
            union |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            union |= UInt64(base[index])
            index += 1
        }
        return union & 0x8080_8080_8080_8080 == 0
    }

    /// Runs an expression line and writes its result. A line that fails changes nothing (the
    /// evaluator commits only complete results); one stopped while its digits were being written
    /// is undone by the interactive caller, which keeps its own copy.
    private static func evaluate(_ line: String, origin: LineOrigin, in evaluator: inout Evaluator, style: Style)
        -> LineOutcome
    {
        outcome(style: style, in: &evaluator) { evaluator throws(EvaluationError) in
            try evaluator.run(line: line, origin: origin)
        }
    }

    /// The outcome of a line that `run` runs on `evaluator`.
    @inline(__always)
    private static func outcome(
        style: Style, in evaluator: inout Evaluator,
        writingNumbers writesNumbers: Bool = false, to write: (UnsafeBufferPointer<UInt8>) -> Void = { _ in },
        _ run: (inout Evaluator) throws(EvaluationError) -> StatementResult
    ) -> LineOutcome {
        do {
            switch try run(&evaluator) {
            case .nothing, .assigned, .defined:
                return .silent
            case .value(let value):
                let formatter = evaluator.formatter
                if writesNumbers {
                    // As below: a value's digits are checked for Ctrl-C before they go out.
                    var interrupted = false
                    let written = formatter.withNumberText(value) { bytes in
                        if Interruption.isRequested { interrupted = true } else { write(bytes) }
                    }
                    if interrupted { return .interrupted }
                    if written != nil { return .silent }
                }
                let output = formatter.format(value)
                // Writing a value's digits is work too, which Ctrl-C may have cut short.
                if Interruption.isRequested { return .interrupted }
                return LineOutcome(output: marked(output, style: style), isExact: !output.isRounded)
            case .shown(_, let output):
                return .showing(output, style: style)
            }
        } catch {
            return .stopped(by: error)
        }
    }

    /// Undoes the last line's changes to variables and `ans`: for a line whose printing Ctrl-C
    /// stopped, which must change nothing either.
    public mutating func revertLastLine() {
        if let evaluatorBeforeLastLine { evaluator = evaluatorBeforeLastLine }
    }

    /// The command word the line starts with and where its arguments start, or nil when the
    /// line is an expression, an assignment or a definition (`help = 3` and `help(x) = x` are,
    /// which the evaluator refuses).
    private func commandWord(of line: String) throws(Diagnostic) -> (CommandWord, Int)? {
        var lexer = Lexer(line)
        let first = try lexer.next()
        guard case .name = first.kind, let command = CommandWord(rawValue: lexer.text(of: first.span)) else {
            return nil
        }
        // What follows a command word is the command's to read (`bmi １７５ ７０`); only `=`
        // makes the line an assignment, and `name(` right after the word a definition
        // (`help(x) = …`, which the evaluator refuses by name).
        guard let next = try? lexer.next() else { return (command, first.span.end) }
        switch next.kind {
        case .equals:
            return nil
        case .leftParenthesis where next.span.start == first.span.end:
            return nil
        default:
            return (command, first.span.end)
        }
    }

    /// Whether the line's first non-blank byte begins a command word; the lexer decides the
    /// rest.
    static func mayStartWithCommandWord<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        for byte in bytes where byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") {
            return CommandWord.mayStart(with: byte)
        }
        return false
    }

    static func mayStartWithCommandWord(_ line: String) -> Bool {
        // A native line's bytes are contiguous: read them without the generic view's checks.
        line.utf8.withContiguousStorageIfAvailable(mayStartWithCommandWord) ?? mayStartWithCommandWord(line.utf8)
    }

    /// How this session writes values.
    public var formatter: ValueFormatter { ValueFormatter(settings: evaluator.settings) }

    /// A value as this session shows results.
    public func display(_ value: Value) -> String {
        Session.display(value, formatter: formatter, style: style)
    }

    /// A value as a session of `style` shows results: rounded values marked `≈ ` interactively
    /// (and in batch when asked with `--mark-rounded`).
    private static func display(_ value: Value, formatter: ValueFormatter, style: Style) -> String {
        marked(formatter.format(value), style: style)
    }

    /// A value's text as a session of `style` shows it.
    static func marked(_ output: ValueFormatter.Output, style: Style) -> String {
        if style != .batch && output.isRounded { return "≈ " + output.text }
        return output.text
    }

    private mutating func run(_ command: CommandWord, line: String, argumentsStart: Int) throws(Diagnostic)
        -> LineOutcome
    {
        var arguments = CommandArguments(line: line, start: argumentsStart)
        switch command {
        case .exit, .quit:
            try arguments.expectEnd(command: command.rawValue)
            return LineOutcome(endsSession: true)
        case .vars:
            try arguments.expectEnd(command: "vars")
            return .printing(variableListing())
        case .unset:
            guard let (name, span) = try arguments.nextWord() else {
                throw Diagnostic(.missingArgument, "missing name: unset NAME removes a variable or a function", at: arguments.lastSpan)
            }
            try arguments.expectEnd(command: "unset \(name)")
            try evaluator.unset(name, at: span)
            return .silent
        case .help:
            return .printing(try HelpText.topic(&arguments))
        case .set:
            return try runSet(&arguments)
        case .bmi:
            return try runBMI(line: line, argumentsStart: argumentsStart)
        case .habit:
            return try runHabit(line: line, argumentsStart: argumentsStart)
        }
    }

    // MARK: bmi

    private mutating func runBMI(line: String, argumentsStart: Int) throws(Diagnostic) -> LineOutcome {
        let command = try BMICommand(line: line, argumentsStart: argumentsStart)
        let evaluator = self.evaluator
        let result: BMIResult
        // Only a birth date needs today; an unusable TALLY_TODAY matters only then.
        let today = (try? Day.today(pinnedTo: environment.pinnedToday)).flatMap {
            CalendarDate(year: $0.year, month: $0.month, day: $0.dayOfMonth)
        }
        do {
            result = try command.evaluate(defaultStandard: standard, today: today) { span in
                let value = try evaluator.evaluate(line: line, in: span)
                if value.isTruth { throw Value.expectedNumber(at: span) }
                guard let number = value.number else {
                    throw Diagnostic(
                        .inexactMeasurement,
                        "a measurement must be exact; this is approximately \(evaluator.formatter.format(value).text)",
                        at: span)
                }
                return number
            }
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch EvaluationError.failed(let diagnostic) {
            throw diagnostic
        } catch EvaluationError.interrupted {
            return .interrupted
        } catch {
            throw Diagnostic(
                .bmiFailed, "\(error)", at: SourceSpan(start: argumentsStart, end: line.utf8.count))
        }
        self.evaluator.recordResult(.number(result.value))
        var outcome = LineOutcome.printing(result.report)
        outcome.warnings = result.warnings
        return outcome
    }

    // MARK: habit

    private mutating func runHabit(line: String, argumentsStart: Int) throws(Diagnostic) -> LineOutcome {
        let wordSpan = SourceSpan(start: argumentsStart - "habit".utf8.count, end: argumentsStart)
        let today: Day
        do {
            today = try Day.today(pinnedTo: environment.pinnedToday)
        } catch {
            throw Diagnostic(.unusableToday, "TALLY_TODAY is not a usable date: \(error.message)", at: wordSpan)
        }
        if habits == nil, let open = environment.openHabitRepository {
            habits = HabitCommandRunner(openRepository: open)
        }
        if habits == nil {
            guard let directory = environment.dataDirectory else {
                throw Diagnostic(
                    .noDataDirectory, "no place for habit data: set --data-dir DIR, TALLY_DATA_DIR or HOME", at: wordSpan)
            }
            habits = HabitCommandRunner(dataDirectory: directory)
        }
        let context = HabitRunContext(
            today: today, useColour: environment.useColour, isInteractive: style == .interactive,
            glyphs: environment.glyphs, confirm: environment.confirm)
        var outcome = LineOutcome.printing(
            try habits!.run(line: line, argumentsStart: argumentsStart, context: context))
        outcome.acknowledgesStoredChange = true
        return outcome
    }

    /// What Tab completion may offer now: a snapshot of the names, which never opens the habit
    /// database unless it already exists, and only when a habit name is wanted.
    public func completer() -> Completer {
        var names = Array(evaluator.variables.keys)
        if evaluator.lastResult != nil { names.append("ans") }
        let directory = environment.dataDirectory
        return Completer(
            variableNames: names, functions: evaluator.functions,
            habitNames: { directory.map(HabitCommandRunner.existingHabitNames(dataDirectory:)) ?? [] })
    }

    // MARK: vars

    /// `vars`: each variable with its value, each function as defined, and `ans`.
    private func variableListing() -> String {
        var lines: [String] = []
        for name in evaluator.variables.keys.sorted() {
            lines.append("\(name) = \(display(evaluator.variables[name]!))")
        }
        for function in evaluator.functions.userFunctions.sorted(by: { $0.name < $1.name }) {
            lines.append(TerminalSafeText.escaped(function.text))
        }
        if let last = evaluator.lastResult {
            lines.append("ans = \(display(last))")
        }
        if lines.isEmpty { return "no variables yet; assign one with x = 5, define a function with f(x) = x^2" }
        return lines.joined(separator: "\n")
    }

    // MARK: set

    private mutating func runSet(_ arguments: inout CommandArguments) throws(Diagnostic) -> LineOutcome {
        guard let (name, nameSpan) = try arguments.nextWord() else {
            return .printing(settingsListing())
        }
        guard let setting = Setting(rawValue: name) else {
            let known = Setting.allCases.map(\.rawValue)
            if let suggestion = Suggestion.nearest(to: name, in: known) {
                throw Diagnostic(.unknownSetting, "unknown setting '\(name)'", at: nameSpan).suggesting(suggestion)
            }
            throw Diagnostic(
                .unknownSetting, "unknown setting '\(name)' (settings: \(known.joined(separator: ", ")))", at: nameSpan)
        }
        switch setting {
        case .digits:
            evaluator.settings.digits = try arguments.integer(
                named: name, in: setting.range(under: evaluator.settings)!)
        case .maxdigits:
            let value = try arguments.integer(named: name, in: setting.range(under: evaluator.settings)!)
            guard value >= evaluator.settings.digits else {
                throw Diagnostic(
                    .invalidSettingValue,
                    "maxdigits cannot be below digits (\(evaluator.settings.digits)); lower digits first",
                    at: arguments.lastSpan)
            }
            evaluator.settings.maxDigits = value
        case .maxwork:
            evaluator.settings.maxWork = try arguments.integer(named: name, in: setting.range(under: evaluator.settings)!)
        case .grouping:
            let expectation = "grouping must be on or off"
            guard let (word, _) = try arguments.nextWord() else {
                throw Diagnostic(.missingArgument, "missing value: \(expectation)", at: arguments.lastSpan)
            }
            guard word == "on" || word == "off" else {
                throw Diagnostic(.invalidSettingValue, expectation, at: arguments.lastSpan)
            }
            evaluator.settings.grouping = word == "on"
        case .angle:
            let expectation = "angle must be \(setting.choices.joined(separator: " or "))"
            guard let (word, _) = try arguments.nextWord() else {
                throw Diagnostic(.missingArgument, "missing value: \(expectation)", at: arguments.lastSpan)
            }
            guard let unit = AngleUnit(rawValue: word) else {
                throw Diagnostic(.invalidSettingValue, expectation, at: arguments.lastSpan)
            }
            evaluator.settings.angle = unit
        case .standard:
            guard let (word, _) = try arguments.nextWord(), let chosen = BMIStandard(word: word) else {
                throw Diagnostic(
                    .invalidSettingValue, "standard must be \(setting.choices.joined(separator: " or "))",
                    at: arguments.lastSpan)
            }
            standard = chosen
            try arguments.expectEnd(command: "set \(name)")
            return .printing("bmi now classifies adults by \(chosen.word): \(chosen.sourceName)")
        case .glyphs:
            guard let (word, _) = try arguments.nextWord(), let chosen = HabitGlyphs(rawValue: word.lowercased()) else {
                throw Diagnostic(
                    .invalidSettingValue, "glyphs must be \(setting.choices.joined(separator: " or "))",
                    at: arguments.lastSpan)
            }
            environment.glyphs = chosen
        }
        try arguments.expectEnd(command: "set \(name)")
        return .silent
    }

    private func settingsListing() -> String {
        let rows = Setting.allCases.map { setting in (setting.rawValue, currentValue(of: setting), setting.meaning) }
        let valueWidth = rows.map(\.1.count).max() ?? 0
        return rows.map { name, value, meaning in
            let namePadding = String(repeating: " ", count: 11 - name.count)
            let valuePadding = String(repeating: " ", count: valueWidth - value.count)
            return "\(name)\(namePadding)\(value)\(valuePadding)   \(meaning)"
        }.joined(separator: "\n")
    }

    private func currentValue(of setting: Setting) -> String {
        switch setting {
        case .digits: return String(evaluator.settings.digits)
        case .maxdigits: return String(evaluator.settings.maxDigits)
        case .maxwork: return String(evaluator.settings.maxWork)
        case .angle: return evaluator.settings.angle.rawValue
        case .grouping: return evaluator.settings.grouping ? "on" : "off"
        case .standard: return standard.word
        case .glyphs: return environment.glyphs.rawValue
        }
    }
}
