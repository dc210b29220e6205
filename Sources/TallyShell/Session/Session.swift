import TallyCore
import TallyDiagnostics
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
    public internal(set) var environment: SessionEnvironment
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
        var settings = settings
        settings.clock = environment.clock
        evaluator = Evaluator(settings: settings, commandWords: CommandWord.reservedWords, interruption: Interruption())
    }

    /// The session's Ctrl-C flag: the interactive front end has the terminal's signal handler
    /// set it, and the session's evaluator watches it.
    public var interruption: Interruption { evaluator.interruption }

    /// The longest line Tally takes, in bytes of UTF-8 (1 MiB): what a line may cost in memory
    /// and time stays bounded whatever the input.
    public static let maximumLineBytes = 1 << 20

    /// The error for a line longer than ``maximumLineBytes``, at the byte `offset` where it
    /// crosses the limit.
    static func lineTooLong(at offset: Int) -> Diagnostic {
        Diagnostic.lineTooLong(at: SourceSpan(at: offset))
    }

    /// Where a line of `bytes`, longer than `limit`, is cut: the start of the character at
    /// byte `limit`, so that a cut never splits a UTF-8 sequence.
    static func characterBoundary(atOrBefore limit: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var offset = limit
        while offset > 0 && bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
        return offset
    }

    /// Handles one line, given as its UTF-8 `bytes`, which came from `origin` (a function
    /// defined on it remembers where): the one way a line comes in, whoever reads it. Invalid
    /// UTF-8 is repaired here, once (each bad byte shown as U+FFFD). A batch session leaves an
    /// expression's value to its runner to write (``LineOutcome/value``); an interactive one
    /// shows it.
    public mutating func handle(lineBytes bytes: UnsafeBufferPointer<UInt8>, origin: LineOrigin = .unnamed)
        -> LineOutcome
    {
        if !LineSource.isASCII(bytes) {
            if String(validating: bytes, as: UTF8.self) == nil {
                var repaired = String(decoding: bytes, as: UTF8.self)
                return repaired.withUTF8 { handle(lineBytes: $0, origin: origin) }
            }
            if FullWidthText.mayHoldFullWidth(bytes) { return handle(fullWidth: bytes, origin: origin) }
        }
        return handle(validLine: bytes, origin: origin)
    }

    /// A line that may hold full-width forms (`（１＋２）×３`): an expression is read with them
    /// folded to ASCII, and its diagnostics point into the line as typed. A command's line
    /// (`bmi`, `habit`) goes to the command as typed: a note keeps its own characters.
    @inline(never)
    private mutating func handle(fullWidth bytes: UnsafeBufferPointer<UInt8>, origin: LineOrigin) -> LineOutcome {
        let text = FullWidthText(String(decoding: bytes, as: UTF8.self))
        guard text.isFolded, !Session.mayStartWithCommandWord(bytes) else {
            return handle(validLine: bytes, origin: origin)
        }
        var folded = text.folded
        var outcome = folded.withUTF8 { handle(validLine: $0, origin: origin) }
        outcome.diagnostic = outcome.diagnostic.map(text.lineDiagnostic)
        outcome.warnings = outcome.warnings.map(text.lineDiagnostic)
        return outcome
    }

    /// ``handle(lineBytes:origin:)`` on the bytes of `line`.
    public mutating func handle(_ line: String, origin: LineOrigin = .unnamed) -> LineOutcome {
        var line = line
        return line.withUTF8 { handle(lineBytes: $0, origin: origin) }
    }

    /// Handles a line of valid UTF-8.
    @inline(__always)
    private mutating func handle(validLine bytes: UnsafeBufferPointer<UInt8>, origin: LineOrigin) -> LineOutcome {
        // Only a person at the prompt presses Ctrl-C: a batch line has nothing to clear.
        if style == .interactive { interruption.clear() }
        if bytes.count > Session.maximumLineBytes {
            return .failing(
                Session.lineTooLong(at: Session.characterBoundary(atOrBefore: Session.maximumLineBytes, in: bytes)))
        }
        if Session.mayStartWithCommandWord(bytes) {
            let line = String(decoding: bytes, as: UTF8.self)
            do {
                if let (command, argumentsStart) = try commandWord(of: line) {
                    return try run(command, line: line, argumentsStart: argumentsStart)
                }
            } catch {
                return .failing(error)
            }
        }
        if style != .interactive {
            return Session.outcome(style: style, in: &evaluator) { evaluator throws(EvaluationError) in
                try evaluator.run(lineBytes: bytes, origin: origin)
            }
        }
        evaluatorBeforeLastLine = evaluator
        // Interactively, on a thread of its own, so that Ctrl-C returns at once even from one
        // long GMP or MPFR operation; the session keeps the result only when the work completes.
        let line = String(decoding: bytes, as: UTF8.self)
        let start = evaluator
        let style = self.style
        guard
            let (finished, outcome) = BackgroundWork.run(
                watching: interruption,
                {
                    var evaluator = start
                    let outcome = Session.outcome(style: style, in: &evaluator) { evaluator throws(EvaluationError) in
                        try evaluator.run(line: line, origin: origin)
                    }
                    return (evaluator, outcome)
                })
        else { return .interrupted }
        if outcome.wasInterrupted { return outcome }
        evaluator = finished
        return outcome
    }

    /// The outcome of a line that `run` runs on `evaluator`. A line that fails changes nothing
    /// (the evaluator commits only complete results); one stopped while its digits were being
    /// written is undone by the interactive caller, which keeps its own copy.
    @inline(__always)
    private static func outcome(
        style: Style, in evaluator: inout Evaluator, _ run: (inout Evaluator) throws(EvaluationError) -> StatementResult
    ) -> LineOutcome {
        let outcome = outcome(of: run, style: style, in: &evaluator)
        if evaluator.lineWarnings.isEmpty { return outcome }
        return withWarnings(outcome, evaluator.lineWarnings)
    }

    /// `outcome` with the line's `warnings`, unless it failed.
    @inline(never)
    private static func withWarnings(_ outcome: consuming LineOutcome, _ warnings: [Diagnostic]) -> LineOutcome {
        if !outcome.failed { outcome.warnings = warnings }
        return outcome
    }

    @inline(__always)
    private static func outcome(
        of run: (inout Evaluator) throws(EvaluationError) -> StatementResult, style: Style,
        in evaluator: inout Evaluator
    ) -> LineOutcome {
        do {
            switch try run(&evaluator) {
            case .nothing, .assigned, .defined:
                return .silent
            case .value(let value):
                // In batch the runner writes the value (an exact number straight from its digits).
                if style != .interactive { return LineOutcome(value: value) }
                let formatter = evaluator.formatter
                let output = evaluator.continuingLine { formatter.format(value) }
                // Writing a value's digits is work too, which Ctrl-C may have cut short.
                if evaluator.interruption.isRequested { return .interrupted }
                return LineOutcome(output: marked(output, style: style), isExact: !output.isRounded)
            case .shown(_, let output):
                return .showing(output, style: style)
            case .several(let results):
                let formatter = evaluator.formatter
                return evaluator.continuingLine { several(results, style: style, formatter: formatter) }
            }
        } catch {
            return .stopped(by: error)
        }
    }

    /// The outcome of a line of statements separated by `;`: each value on a line of its own.
    private static func several(_ results: [StatementResult], style: Style, formatter: ValueFormatter) -> LineOutcome {
        var lines: [String] = []
        var isExact = true
        for result in results {
            let output: ValueFormatter.Output
            switch result {
            case .value(let value): output = formatter.format(value)
            case .shown(_, let shown): output = shown
            case .nothing, .assigned, .defined, .several: continue
            }
            lines.append(marked(output, style: style))
            isExact = isExact && !output.isRounded
        }
        if lines.isEmpty { return .silent }
        return LineOutcome(output: lines.joined(separator: "\n"), isExact: isExact)
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

    /// Whether the line may start with a command word: its first letters (ASCII, after blanks)
    /// are one. A name the lexer reads as a command word is all ASCII letters, so this run of
    /// letters is that name; the lexer decides the rest. Expressions (`unix(0)`, `sqrt 2`) are
    /// not made into a `String` and lexed twice.
    static func mayStartWithCommandWord<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var index = bytes.startIndex
        while index != bytes.endIndex && (bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")) {
            index = bytes.index(after: index)
        }
        guard index != bytes.endIndex, CommandWord.mayStart(with: bytes[index]) else { return false }
        var end = index
        while end != bytes.endIndex && (bytes[end] | 0x20) &- UInt8(ascii: "a") < 26 { end = bytes.index(after: end) }
        return CommandWord.isWord(bytes[index..<end])
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
                throw Diagnostic.missingUnsetName(at: arguments.lastSpan)
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
        let today = (try? environment.today()).flatMap {
            CalendarDate(year: $0.year, month: $0.month, day: $0.dayOfMonth)
        }
        do {
            result = try command.evaluate(defaultStandard: standard, today: today) { span in
                let value = try evaluator.evaluate(line: line, in: span)
                if value.isTruth { throw Diagnostic.expectedNumber(at: span) }
                guard let number = value.number else {
                    throw Diagnostic.inexactMeasurement(evaluator.formatter.format(value).text, at: span)
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
            throw Diagnostic.bmiFailed("\(error)", at: SourceSpan(start: argumentsStart, end: line.utf8.count))
        }
        self.evaluator.recordResult(.number(result.value))
        var outcome = LineOutcome.printing(result.report)
        outcome.warnings = result.warnings
        outcome.jsonFields = ("bmi", result.jsonObject)
        return outcome
    }

    // MARK: habit

    private mutating func runHabit(line: String, argumentsStart: Int) throws(Diagnostic) -> LineOutcome {
        let wordSpan = SourceSpan(start: argumentsStart - "habit".utf8.count, end: argumentsStart)
        let today: Day
        do {
            today = try environment.today()
        } catch {
            throw Diagnostic.unusableToday(error.message, at: wordSpan)
        }
        if habits == nil, let open = environment.openHabitRepository {
            habits = HabitCommandRunner(openRepository: open)
        }
        if habits == nil {
            guard let directory = environment.dataDirectory else {
                throw Diagnostic.noDataDirectory(at: wordSpan)
            }
            habits = HabitCommandRunner(dataDirectory: directory)
        }
        var context = HabitRunContext(
            today: today, isInteractive: style == .interactive, glyphs: environment.glyphs,
            confirm: environment.confirm, wantsData: environment.wantsHabitData)
        context.isInterrupted = { [interruption] in interruption.isRequested }
        let (text, data) = try habits!.runWithData(line: line, argumentsStart: argumentsStart, context: context)
        // The views mark what their days mean; here they are coloured, or not.
        var outcome = LineOutcome.printing(text.terminalText(colour: environment.useColour))
        outcome.jsonFields = data
        outcome.acknowledgesStoredChange = true
        return outcome
    }

    /// What Tab completion may offer now: a snapshot of the names, which never opens the habit
    /// database unless it already exists, and only when a habit name is wanted.
    public func completer() -> Completer {
        var names = evaluator.variables.keys.filter { !InteractiveCommand.isNumberedResult($0) }
        if evaluator.lastResult != nil { names.append("ans") }
        let directory = environment.dataDirectory
        return Completer(
            variableNames: names, functions: evaluator.functions,
            habitNames: { directory.map(HabitCommandRunner.existingHabitNames(dataDirectory:)) ?? [] })
    }

    /// The names an expression may use now — variables, `ans`, functions and constants — for
    /// colouring the line being typed.
    public var knownNames: Set<String> {
        var names = Set(evaluator.variables.keys).union(evaluator.functions.names)
        names.insert("ans")
        return names
    }

    // MARK: vars

    /// `vars`: each variable with its value, each function as defined, and `ans`.
    private func variableListing() -> String {
        var lines: [String] = []
        for name in evaluator.variables.keys.sorted() where !InteractiveCommand.isNumberedResult(name) {
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
        guard let setting = Setting.named(name) else {
            let known = Setting.all.map(\.name)
            if let suggestion = Suggestion.nearest(to: name, in: known) {
                throw Diagnostic.unknownSetting(name, known: nil, at: nameSpan).suggesting(suggestion)
            }
            throw Diagnostic.unknownSetting(name, known: known, at: nameSpan)
        }
        // Applied to a copy, so that a value followed by anything else changes nothing.
        var changed = self
        let message = try setting.apply(&changed, &arguments)
        try arguments.expectEnd(command: "set \(setting.name)")
        self = changed
        return message.map(LineOutcome.printing) ?? .silent
    }

    private func settingsListing() -> String {
        let rows = Setting.all.map { setting in (setting.name, setting.current(self), setting.meaning) }
        let valueWidth = rows.map(\.1.count).max() ?? 0
        return rows.map { name, value, meaning in
            let namePadding = String(repeating: " ", count: 11 - name.count)
            let valuePadding = String(repeating: " ", count: valueWidth - value.count)
            return "\(name)\(namePadding)\(value)\(valuePadding)   \(meaning)"
        }.joined(separator: "\n")
    }
}
