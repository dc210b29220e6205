import Glibc
import TallyCore
import TallyDiagnostics

/// Evaluates files, pipes and `-e` lines: results to standard output in order, diagnostics to
/// standard error in the `name:line:column: error:` form, every line evaluated even after an
/// error.
public struct BatchRunner {
    public private(set) var session: Session
    private let output: OutputStream
    private let errors: OutputStream
    private let renderer: DiagnosticRenderer
    /// True once any line has failed.
    public private(set) var anyLineFailed = false
    /// True when a file or standard input could not be read to its end.
    public private(set) var readFailed = false
    /// True after `exit` or `quit`.
    public private(set) var ended = false
    /// `--json`: one JSON object per input line on standard output, errors included.
    private let writesJSON: Bool

    public init(session: Session, output: OutputStream, errors: OutputStream, useColour: Bool, json: Bool = false) {
        self.session = session
        self.output = output
        self.errors = errors
        renderer = DiagnosticRenderer(useColour: useColour)
        writesJSON = json
    }

    /// Runs one line from `sourceName` at 1-based `lineNumber`.
    public mutating func run(_ line: String, sourceName: String, lineNumber: Int) {
        var line = line
        line.withUTF8 { run(bytes: $0, sourceName: sourceName, lineNumber: lineNumber) }
    }

    /// Runs one line given as its bytes; its text is made only for a report or a JSON object.
    private mutating func run(
        bytes: UnsafeBufferPointer<UInt8>, sourceName: String, lineNumber: Int, answers: AnswerLines? = nil
    ) {
        answers?.start(line: bytes)
        let outcome = session.handle(
            lineBytes: bytes, origin: LineOrigin(sourceName: sourceName, lineNumber: lineNumber))
        // A line that read answers (`habit ask`) kept a copy of itself: its bytes are gone.
        let copy = answers?.copiedLine
        show(
            outcome, of: { copy ?? String(decoding: bytes, as: UTF8.self) }, sourceName: sourceName,
            lineNumber: lineNumber)
    }

    /// Writes what a line produced; `line` gives its text, for the report of an error.
    private mutating func show(_ outcome: LineOutcome, of line: () -> String, sourceName: String, lineNumber: Int) {
        if let value = outcome.value {
            // An exact number of a plain batch straight from its digits (no string made for
            // it); any other value as its text.
            let formatter = session.formatter
            let output = output
            // A value comes with nothing else to show (no warning, no error, no end).
            if session.style == .batch, !writesJSON, outcome.warnings.isEmpty,
                formatter.withNumberText(value, { output.writeLine(bytes: $0) }) != nil
            {
                if output.failure != nil { ended = true }
            } else {
                show(
                    outcome.showingValue(with: formatter, style: session.style), of: line, sourceName: sourceName,
                    lineNumber: lineNumber)
            }
            return
        }
        if writesJSON {
            output.writeLine(JSONLine.render(outcome, line: line(), sourceName: sourceName, lineNumber: lineNumber))
            if outcome.acknowledgesStoredChange { output.flush() }
            if outcome.failed { anyLineFailed = true }
            if outcome.endsSession || output.failure != nil { ended = true }
            return
        }
        if let text = outcome.output {
            output.writeLine(text)
            if outcome.acknowledgesStoredChange { output.flush() }
        }
        // Output that cannot be written (a full disk): stop, as the program will report it.
        if output.failure != nil { ended = true }
        if outcome.diagnostic != nil || !outcome.warnings.isEmpty || outcome.wasInterrupted {
            report(outcome, for: line(), sourceName: sourceName, lineNumber: lineNumber)
        }
        if outcome.endsSession { ended = true }
    }

    /// Writes a line's warnings and error (or its interruption) to standard error, after the
    /// results so far, so the two streams keep the order the lines ran in.
    private mutating func report(_ outcome: LineOutcome, for line: String, sourceName: String, lineNumber: Int) {
        output.flush()
        for diagnostic in outcome.warnings + (outcome.diagnostic.map { [$0] } ?? []) {
            errors.write(
                renderer.render(diagnostic, in: line, form: .located(sourceName: sourceName, lineNumber: lineNumber)))
        }
        if outcome.wasInterrupted {
            errors.write("\(TerminalSafeText.escaped(sourceName)):\(lineNumber): interrupted\n")
        }
        if outcome.failed { anyLineFailed = true }
    }

    /// Runs every line of `source` until its end or `exit`. A line over the length limit is
    /// an error at the column where it crosses the limit; the lines after it still run.
    public mutating func run(_ source: LineSource, sourceName: String) {
        var lineNumber = 0
        // `habit ask` reads its answers from the lines that follow it.
        let answers = AnswerLines(source: source)
        session.environment.readAnswer = { _ in answers.next() }
        session.environment.giveBack = { answers.returned = $0 }
        defer {
            session.environment.readAnswer = nil
            session.environment.giveBack = nil
        }
        while !ended {
            // A line read as an answer that was none runs now, with its own number.
            if let returned = answers.returned {
                answers.returned = nil
                lineNumber += answers.taken
                answers.taken = 0
                var text = returned
                text.withUTF8 { run(bytes: $0, sourceName: sourceName, lineNumber: lineNumber, answers: answers) }
                continue
            }
            guard let line = source.nextLineBytes() else { break }
            lineNumber += 1 + answers.taken
            answers.taken = 0
            if line.isCut {
                let text = String(decoding: line.bytes, as: UTF8.self)
                let outcome = LineOutcome.failing(Session.lineTooLong(at: text.utf8.count))
                report(outcome, for: text, sourceName: sourceName, lineNumber: lineNumber)
                continue
            }
            run(bytes: line.bytes, sourceName: sourceName, lineNumber: lineNumber, answers: answers)
        }
        output.flush()
        if let failure = source.failure {
            errors.write(
                "tally: cannot read \(TerminalSafeText.escaped(sourceName)): \(String(cString: strerror(failure)))\n")
            readFailed = true
        }
    }
}

/// The lines after a line of a file or pipe, read as answers by that line (`habit ask`): the
/// line's own bytes are copied first, as reading on reuses the buffer they are in.
final class AnswerLines {
    private let source: LineSource
    private var current: UnsafeBufferPointer<UInt8>?
    /// The line being run, copied once it read an answer.
    private(set) var copiedLine: String?
    /// How many lines it read as answers.
    var taken = 0
    /// The last line read, handed back because it is no answer: it runs next.
    var returned: String?

    init(source: LineSource) {
        self.source = source
    }

    /// A new line starts, with these bytes.
    func start(line: UnsafeBufferPointer<UInt8>) {
        current = line
        copiedLine = nil
    }

    /// The next line as an answer; nil at the end of the input.
    func next() -> String? {
        if copiedLine == nil, let current { copiedLine = String(decoding: current, as: UTF8.self) }
        guard let line = source.nextLine() else { return nil }
        taken += 1
        return line.text
    }
}
