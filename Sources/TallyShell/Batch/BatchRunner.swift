import Glibc
import TallyCore
import TallyDiagnostics

/// Evaluates files, pipes and `-e` lines through the session, every line even after an
/// error, and hands each outcome to its writer (plain text, or JSON Lines with `--json`).
public struct BatchRunner {
    /// The writers a batch run uses, as a closed set: a plain line's way to standard output is
    /// then a direct call, with no existential to open nor generic type to make at run time
    /// (either cost more at start-up than the rest of `tally -e 1+1`'s set-up).
    public enum Writer: OutcomeWriter {
        case plain(PlainWriter)
        case json(JSONWriter)

        @inline(__always)
        public func write(
            _ outcome: LineOutcome, of line: () -> String, at origin: LineOrigin, formatter: ValueFormatter
        ) {
            switch self {
            case .plain(let writer): writer.write(outcome, of: line, at: origin, formatter: formatter)
            case .json(let writer): writer.write(outcome, of: line, at: origin, formatter: formatter)
            }
        }

        public func writeUnreadable(_ sourceName: String, message: String) {
            switch self {
            case .plain(let writer): writer.writeUnreadable(sourceName, message: message)
            case .json(let writer): writer.writeUnreadable(sourceName, message: message)
            }
        }
    }

    public private(set) var session: Session
    private let writer: Writer
    private let output: OutputStream
    /// True once any line has failed.
    public private(set) var anyLineFailed = false
    /// True when a file or standard input could not be read to its end.
    public private(set) var readFailed = false
    /// True after `exit` or `quit`, or once standard output cannot be written.
    public private(set) var ended = false

    public init(session: Session, writer: Writer, output: OutputStream) {
        self.session = session
        self.writer = writer
        self.output = output
    }

    /// Says that `sourceName` could not be opened (a missing file, a directory), in the
    /// writer's style.
    public func reportUnreadable(_ sourceName: String, message: String) {
        writer.writeUnreadable(sourceName, message: message)
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
        let origin = LineOrigin(sourceName: sourceName, lineNumber: lineNumber)
        answers?.start(line: bytes)
        let outcome = session.handle(lineBytes: bytes, origin: origin)
        // A line that read answers (`habit ask`) kept a copy of itself: its bytes are gone.
        if let copy = answers?.copiedLine {
            write(outcome, of: { copy }, at: origin)
        } else {
            write(outcome, of: { String(decoding: bytes, as: UTF8.self) }, at: origin)
        }
    }

    /// Hands an outcome to the writer and keeps count of what it means for the run.
    private mutating func write(_ outcome: LineOutcome, of line: () -> String, at origin: LineOrigin) {
        writer.write(outcome, of: line, at: origin, formatter: session.formatter)
        if outcome.failed { anyLineFailed = true }
        // Output that cannot be written (a full disk): stop, as the program will report it.
        if outcome.endsSession || output.failure != nil { ended = true }
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
                write(
                    .failing(Session.lineTooLong(at: text.utf8.count)), of: { text },
                    at: LineOrigin(sourceName: sourceName, lineNumber: lineNumber))
                continue
            }
            run(bytes: line.bytes, sourceName: sourceName, lineNumber: lineNumber, answers: answers)
        }
        output.flush()
        if let failure = source.failure {
            writer.writeUnreadable(
                sourceName,
                message: "cannot read \(TerminalSafeText.escaped(sourceName)): \(String(cString: strerror(failure)))")
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
