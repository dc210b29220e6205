import TallyDiagnostics

/// `habit export csv|json [FILE] [--force]`: every habit and day, to standard output or FILE.
enum ExportSubcommand: HabitSubcommand {
    /// The format and where to write.
    struct Request: HabitRequest, Equatable {
        var format: HabitExportFormat
        /// The file to write; standard output when nil.
        var file: Spanned<String>? = nil
        /// Whether FILE may replace a file that is not an earlier export.
        var force = false
    }

    static let name = "export"
    static var usage: String { "habit export " + formatNames.joined(separator: "|") + " [FILE]" }
    static let summaryLines = ["every habit and day, for other tools", "(FILE: --force to replace a non-export)"]
    static var firstArgument: HabitSubcommands.FirstArgument { .word(oneOf: formatNames) }

    /// The words `habit export` accepts, from the formats it writes.
    static var formatNames: [String] { HabitExportFormat.allCases.map(\.rawValue) }

    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> Request {
        let expected = "expected " + formatNames.joined(separator: " or ")
        guard let word = arguments.next else { throw .missingExportFormat(expected: expected, at: arguments.endSpan) }
        _ = arguments.take()
        guard let format = HabitExportFormat(rawValue: word.text.lowercased()) else {
            throw .unknownExportFormat(word, among: formatNames, expected: expected)
        }
        let force = try arguments.removeFlag("--force", for: "habit export")
        guard let file = arguments.next else { return Request(format: format) }
        _ = arguments.take()
        return Request(format: format, file: Spanned(file.text, at: file.span), force: force)
    }

    static func run(_ request: Request, in invocation: HabitInvocation) throws -> HabitOutput {
        let repository = invocation.repository
        var text = try ExportHabits(repository: repository).execute(format: request.format)
        guard let file = request.file else {
            text.removeLast()  // the trailing newline: the shell adds its own
            return HabitOutput(text)
        }
        do throws(HabitExportFile.Failure) {
            try HabitExportFile.write(text, to: file.value, force: request.force)
        } catch {
            throw Diagnostic.habitExportFailed(file: file.value, problem: error.problem, at: file.span)
        }
        let count = try repository.allHabits().count
        let habits = count == 1 ? "1 habit" : "\(count) habits"
        return HabitOutput("exported \(habits) to \(TerminalSafeText.escaped(file.value))")
    }
}
