import Glibc
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

        /// Whether results of this style mark a rounded value `≈ `.
        public var marksRounded: Bool { self != .batch }
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
    var habits: HabitCommandRunner?
    /// The numbers of the prompt's lines whose results are kept as `_N`, oldest first.
    private var numberedResults: [Int] = []

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
    /// defined on it remembers where): the one way a line comes in, whoever reads it — files,
    /// pipes, `-e`, the init file and the prompt. Invalid UTF-8 is repaired here, once (each
    /// bad byte shown as U+FFFD); ``LineKind`` says once what the line is. A batch session
    /// leaves an expression's value for its writer to format (``LineOutcome/Result/value``);
    /// an interactive one formats it where Ctrl-C can stop it.
    public mutating func handle(lineBytes bytes: UnsafeBufferPointer<UInt8>, origin: LineOrigin = .unnamed)
        -> LineOutcome
    {
        if !LineSource.isASCII(bytes), String(validating: bytes, as: UTF8.self) == nil {
            var repaired = String(decoding: bytes, as: UTF8.self)
            return repaired.withUTF8 { handle(lineBytes: $0, origin: origin) }
        }
        // Only a person at the prompt presses Ctrl-C: a batch line has nothing to clear.
        if style == .interactive { interruption.clear() }
        if let tooLong = Session.checkLength(bytes) { return tooLong }
        if let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: ";")), bytes.count) != nil,
            let statements = LineKind.statements(of: bytes), statements.contains(where: { $0.kind.isCommand })
        {
            return handle(statements: statements, of: bytes, origin: origin)
        }
        if LineKind.mayBeCommand(bytes), case .command(let word, let argumentsStart) = LineKind.of(bytes) {
            return runCommand(word, line: String(decoding: bytes, as: UTF8.self), argumentsStart: argumentsStart)
        }
        if style != .interactive {
            return Session.evaluate(bytes, origin: origin, in: &evaluator, formatting: false)
        }
        evaluatorBeforeLastLine = evaluator
        // Interactively, on a thread of its own, so that Ctrl-C returns at once even from one
        // long GMP or MPFR operation; the session keeps the result only when the work completes.
        let line = Array(bytes)
        let start = evaluator
        guard
            let (finished, outcome) = BackgroundWork.run(
                watching: interruption,
                {
                    var evaluator = start
                    let outcome = line.withUnsafeBufferPointer {
                        Session.evaluate($0, origin: origin, in: &evaluator, formatting: true)
                    }
                    return (evaluator, outcome)
                })
        else { return .interrupted }
        if outcome.wasInterrupted { return outcome }
        evaluator = finished
        return outcome
    }

    /// A line of statements separated by `;` of which some are commands (`set digits 5; pi`,
    /// `1; vars`): each runs in turn through the one entry, on a copy of the line with every
    /// other statement blanked out, so its columns are the line's own. Their output prints in
    /// order; a statement that fails fails the line, which then changes nothing (habit data
    /// aside: `habit` is always the last statement, and changes its data only when it succeeds).
    @inline(never)
    private mutating func handle(
        statements: [(range: Range<Int>, kind: LineKind)], of bytes: UnsafeBufferPointer<UInt8>, origin: LineOrigin
    ) -> LineOutcome {
        let before = self
        var printed: [String] = []
        var warnings: [Diagnostic] = []
        var acknowledges = false
        for (range, kind) in statements {
            if case .command(let word, let argumentsStart) = kind, word == .exit || word == .quit {
                self = before
                let span = SourceSpan(
                    start: range.lowerBound + argumentsStart - word.rawValue.utf8.count,
                    end: range.lowerBound + argumentsStart)
                return .failing(Diagnostic.endAmongStatements(word.rawValue, at: span))
            }
            var statement = [UInt8](repeating: UInt8(ascii: " "), count: bytes.count)
            for index in range { statement[index] = bytes[index] }
            let outcome = statement.withUnsafeBufferPointer { handle(lineBytes: $0, origin: origin) }
            if outcome.failed {
                self = before
                return outcome
            }
            warnings += outcome.warnings
            acknowledges = acknowledges || outcome.acknowledgesStoredChange
            if let text = outcome.output(style: style, formatter: formatter) { printed.append(text) }
        }
        evaluatorBeforeLastLine = before.evaluator
        var outcome = printed.isEmpty ? LineOutcome.silent : LineOutcome.printing(printed.joined(separator: "\n"))
        outcome.warnings = warnings
        outcome.acknowledgesStoredChange = acknowledges
        return outcome
    }

    /// ``handle(lineBytes:origin:)`` on the bytes of `line`.
    public mutating func handle(_ line: String, origin: LineOrigin = .unnamed) -> LineOutcome {
        var line = line
        return line.withUTF8 { handle(lineBytes: $0, origin: origin) }
    }

    /// What Enter would give for the line of `bytes`, worked out on a copy of `evaluator` so
    /// that nothing changes: the prompt's preview, through the same entry as the line itself.
    /// Nil for a command line, which may act on the world (`habit done`, `set`) and is never
    /// run for a preview.
    public static func preview(_ bytes: UnsafeBufferPointer<UInt8>, on evaluator: Evaluator) -> LineOutcome? {
        guard String(validating: bytes, as: UTF8.self) != nil, !LineKind.of(bytes, atPrompt: true).isCommand else {
            return nil
        }
        if let tooLong = checkLength(bytes) { return tooLong }
        var evaluator = evaluator
        return evaluate(
            bytes, origin: LineOrigin(sourceName: LineOrigin.interactiveSessionName, lineNumber: 0), in: &evaluator,
            formatting: true)
    }

    /// The error of a line over ``maximumLineBytes``; nil for a line within it.
    @inline(__always)
    private static func checkLength(_ bytes: UnsafeBufferPointer<UInt8>) -> LineOutcome? {
        guard bytes.count > maximumLineBytes else { return nil }
        return .failing(lineTooLong(at: characterBoundary(atOrBefore: maximumLineBytes, in: bytes)))
    }

    /// Evaluates a line of the language (valid UTF-8) on `evaluator`: its value left for the
    /// writer, or written as text when `formatting` (on the interactive worker thread, where
    /// Ctrl-C can stop the writing of a million digits too). A line with full-width forms
    /// (`（１＋２）×３`) is read with them folded to ASCII, and its diagnostics point into the
    /// line as typed.
    @inline(__always)
    static func evaluate(
        _ bytes: UnsafeBufferPointer<UInt8>, origin: LineOrigin, in evaluator: inout Evaluator, formatting: Bool
    ) -> LineOutcome {
        if !LineSource.isASCII(bytes) && FullWidthText.mayHoldFullWidth(bytes) {
            return evaluate(fullWidth: bytes, origin: origin, in: &evaluator, formatting: formatting)
        }
        let outcome = outcome(formatting: formatting, in: &evaluator) { evaluator throws(EvaluationError) in
            try evaluator.run(lineBytes: bytes, origin: origin)
        }
        if evaluator.lineWarnings.isEmpty || outcome.failed { return outcome }
        return withWarnings(outcome, evaluator.lineWarnings)
    }

    /// ``evaluate(_:origin:in:formatting:)`` of a line that may hold full-width forms.
    @inline(never)
    private static func evaluate(
        fullWidth bytes: UnsafeBufferPointer<UInt8>, origin: LineOrigin, in evaluator: inout Evaluator,
        formatting: Bool
    ) -> LineOutcome {
        let text = FullWidthText(String(decoding: bytes, as: UTF8.self))
        var folded = text.folded
        var outcome = folded.withUTF8 { folded -> LineOutcome in
            Session.outcome(formatting: formatting, in: &evaluator) { evaluator throws(EvaluationError) in
                try evaluator.run(lineBytes: folded, origin: origin)
            }
        }
        if case .failed(let diagnostic) = outcome.result {
            outcome.result = LineOutcome.Result.failed(text.lineDiagnostic(diagnostic))
        }
        if !outcome.failed { outcome.warnings = summarised(evaluator.lineWarnings.map(text.lineDiagnostic)) }
        return outcome
    }

    /// `outcome` with the line's `warnings`.
    @inline(never)
    private static func withWarnings(_ outcome: consuming LineOutcome, _ warnings: [Diagnostic]) -> LineOutcome {
        outcome.warnings = summarised(warnings)
        return outcome
    }

    /// How many warnings of one kind a line shows before the rest are summed up.
    static let warningsShownOfAKind = 3

    /// A line's `warnings` with those past the first few of each kind summed up in a note on
    /// the last one shown ("and 4,997 more like it on this line"): a line of 5,000 `1,234+`
    /// terms shows three warnings, not 5,000, and costs no more to show than a short one.
    static func summarised(_ warnings: [Diagnostic]) -> [Diagnostic] {
        guard warnings.count > warningsShownOfAKind else { return warnings }
        var shown: [Diagnostic] = []
        var counts: [DiagnosticID: (shown: Int, index: Int, more: Int)] = [:]
        for warning in warnings {
            if let count = counts[warning.id], count.shown >= warningsShownOfAKind {
                counts[warning.id]!.more += 1
                continue
            }
            shown.append(warning)
            counts[warning.id, default: (0, 0, 0)].shown += 1
            counts[warning.id]!.index = shown.count - 1
        }
        for (_, count) in counts where count.more > 0 {
            var digits = String(count.more)
            for index in stride(from: digits.count - 3, to: 0, by: -3) {
                digits.insert(",", at: digits.index(digits.startIndex, offsetBy: index))
            }
            let more = "and \(digits) more like it on this line"
            shown[count.index].notes.append(Diagnostic.Note(more))
        }
        return shown
    }

    /// The outcome of a line that `run` runs on `evaluator`. A line that fails changes nothing
    /// (the evaluator commits only complete results); one stopped while its digits were being
    /// written is undone by the interactive caller, which keeps its own copy.
    @inline(__always)
    private static func outcome(
        formatting: Bool, in evaluator: inout Evaluator,
        _ run: (inout Evaluator) throws(EvaluationError) -> StatementResult
    ) -> LineOutcome {
        do {
            switch try run(&evaluator) {
            case .nothing, .assigned, .defined:
                return .silent
            case .value(let value):
                if !formatting { return LineOutcome(.value(value)) }
                let formatter = evaluator.formatter
                let output = evaluator.continuingLine { formatter.format(value) }
                // Writing a value's digits is work too, which Ctrl-C may have cut short.
                if evaluator.interruption.isRequested { return .interrupted }
                return LineOutcome(.values([output]))
            case .shown(_, let output):
                return LineOutcome(.values([output]))
            case .several(let results):
                let formatter = evaluator.formatter
                let outputs = evaluator.continuingLine { several(results, formatter: formatter) }
                return outputs.isEmpty ? .silent : LineOutcome(.values(outputs))
            }
        } catch {
            return .stopped(by: error)
        }
    }

    /// The values of a line of statements separated by `;`, each written as text.
    private static func several(_ results: [StatementResult], formatter: ValueFormatter) -> [ValueFormatter.Output] {
        results.compactMap { result in
            switch result {
            case .value(let value): return formatter.format(value)
            case .shown(_, let shown): return shown
            case .nothing, .assigned, .defined, .several: return nil
            }
        }
    }

    /// Undoes the last line's changes to variables and `ans`: for a line whose printing Ctrl-C
    /// stopped, which must change nothing either.
    public mutating func revertLastLine() {
        if let evaluatorBeforeLastLine { evaluator = evaluatorBeforeLastLine }
    }

    /// Keeps the last result reachable by the number of the prompt's line that gave it (`_3`):
    /// the session records it, not a line of the language. Only the last ``numberedResultsKept``
    /// stay, so a long session of big results does not hold all of them.
    public mutating func recordNumberedResult(line number: Int) {
        guard evaluator.lastResult != nil else { return }
        evaluator.keepLastResult(as: "_\(number)")
        numberedResults.append(number)
        if numberedResults.count > Session.numberedResultsKept {
            evaluator.forgetVariable("_\(numberedResults.removeFirst())")
        }
    }

    /// How many of the latest results stay reachable as `_N`.
    static let numberedResultsKept = 100

    /// Whether `name` is one the prompt gives an earlier result (`_3`): such names stay out of
    /// `vars` and completion.
    static func isNumberedResult(_ name: String) -> Bool {
        name.utf8.count > 1 && name.utf8.first == UInt8(ascii: "_")
            && name.utf8.dropFirst().allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Runs the session command `word` on its line, whose arguments start at `argumentsStart`.
    private mutating func runCommand(_ word: CommandWord, line: String, argumentsStart: Int) -> LineOutcome {
        var arguments = CommandArguments(line: line, start: argumentsStart)
        do {
            return try SessionCommand.entry(word).run(&self, &arguments)
        } catch {
            return .failing(error)
        }
    }

    /// How this session writes values.
    public var formatter: ValueFormatter { ValueFormatter(settings: evaluator.settings) }

    /// A value as this session shows results: rounded values marked `≈ ` interactively (and in
    /// batch when asked with `--mark-rounded`).
    public func display(_ value: Value) -> String {
        formatter.format(value).text(markingRounded: style.marksRounded)
    }

    /// What Tab completion may offer now: a snapshot of the names, which never opens the habit
    /// database unless it already exists, and only when a habit name is wanted.
    public func completer() -> Completer {
        var names = evaluator.variables.keys.filter { !Session.isNumberedResult($0) }
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
}
