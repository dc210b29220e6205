import TallyCore

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
    }

    public var evaluator: Evaluator
    public let style: Style

    public init(style: Style, settings: EvaluationSettings = EvaluationSettings()) {
        self.style = style
        evaluator = Evaluator(settings: settings)
    }

    /// Evaluates one line.
    public mutating func handle(_ line: String) -> LineOutcome {
        Interruption.clear()
        do {
            var lexer = Lexer(line)
            let first = try lexer.next()
            if case .name(let word) = first.kind, let command = CommandWord(rawValue: word) {
                var probe = lexer
                if case .equals = try probe.next().kind {
                    // `help = 3`: let the evaluator explain that the word is reserved.
                } else {
                    return try run(command, line: line, argumentsStart: first.span.end)
                }
            }
            switch try evaluator.run(line: line) {
            case .nothing, .assigned:
                return .silent
            case .value(let value):
                return .printing(display(value))
            }
        } catch {
            return .failing(error)
        }
    }

    /// A value as this session shows results.
    public func display(_ value: Number) -> String {
        let formatted = value.formatted(significantDigits: evaluator.settings.digits)
        if style == .interactive && formatted.isRounded { return "≈ " + formatted.text }
        return formatted.text
    }

    private mutating func run(_ command: CommandWord, line: String, argumentsStart: Int) throws(Diagnostic) -> LineOutcome {
        var arguments = CommandArguments(line: line, start: argumentsStart)
        switch command {
        case .exit, .quit:
            try arguments.expectEnd(command: command.rawValue)
            return LineOutcome(endsSession: true)
        case .vars:
            try arguments.expectEnd(command: "vars")
            return .printing(variableListing())
        case .help:
            return .printing(try HelpText.topic(&arguments))
        case .set:
            return try runSet(&arguments)
        case .bmi, .habit:
            throw Diagnostic("'\(command.rawValue)' is not available in this build", at: arguments.remainingSpan)
        }
    }

    // MARK: vars

    private func variableListing() -> String {
        var lines: [String] = []
        for name in evaluator.variables.keys.sorted() {
            lines.append("\(name) = \(display(evaluator.variables[name]!))")
        }
        if let last = evaluator.lastResult {
            lines.append("ans = \(display(last))")
        }
        if lines.isEmpty { return "no variables yet; assign one with x = 5" }
        return lines.joined(separator: "\n")
    }

    // MARK: set

    private mutating func runSet(_ arguments: inout CommandArguments) throws(Diagnostic) -> LineOutcome {
        guard let (name, nameSpan) = try arguments.nextWord() else {
            return .printing(settingsListing())
        }
        switch name {
        case "digits":
            let value = try arguments.integer(named: "digits", in: 1...EvaluationSettings.digitsLimit)
            try arguments.expectEnd(command: "set digits")
            evaluator.settings.digits = value
        case "maxdigits":
            let value = try arguments.integer(named: "maxdigits", in: 10...EvaluationSettings.maxDigitsLimit)
            try arguments.expectEnd(command: "set maxdigits")
            evaluator.settings.maxDigits = value
        default:
            let known = ["digits", "maxdigits"]
            let hint = Suggestion.nearest(to: name, in: known).map { "; did you mean '\($0)'?" } ?? " (settings: \(known.joined(separator: ", ")))"
            throw Diagnostic("unknown setting '\(name)'\(hint)", at: nameSpan)
        }
        return .silent
    }

    private func settingsListing() -> String {
        let settings = evaluator.settings
        return """
            digits     \(settings.digits)    significant digits shown for values that are not exact decimals
            maxdigits  \(settings.maxDigits)    the most digits a result may have
            """
    }
}
