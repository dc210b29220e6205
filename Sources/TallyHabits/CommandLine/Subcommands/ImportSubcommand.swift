import TallyDiagnostics

/// `habit import FILE`: add the habits of a Tally export, a Loop backup or Loop's CSV export (zip
/// or folder), or a HabitBull, Rewire or Tickmate file.
/// Thin on purpose: what a file holds and how it is read belong to `Import/`.
enum ImportSubcommand: HabitSubcommand {
    /// The file to read.
    struct Request: HabitRequest, Equatable {
        var file: Spanned<String>

        var fileSpan: SourceSpan? { file.span }
    }

    static let name = "import"
    static let usage = "habit import FILE"
    static let summaryLines = [
        "add the habits of a Tally export, a Loop", "backup or CSV export (zip or folder), or",
        "a HabitBull, Rewire or Tickmate file",
    ]
    static let firstArgument = HabitSubcommands.FirstArgument.word(oneOf: [])

    static func read(_ arguments: inout HabitArguments) throws(Diagnostic) -> Request {
        guard let word = arguments.next else { throw .missingImportFile(at: arguments.endSpan) }
        _ = arguments.take()
        return Request(file: Spanned(word.text, at: word.span))
    }

    static func run(_ request: Request, in invocation: HabitInvocation) throws -> HabitOutput {
        let file = request.file.value
        let report = try ImportHabits(repository: invocation.repository).execute(
            path: file, today: invocation.today, isInterrupted: invocation.context.isInterrupted)
        let habits = report.habits
        let days = habits.reduce(0) { $0 + $1.daysDone.count }
        let count = habits.count == 1 ? "1 habit" : "\(habits.count) habits"
        var lines = ["imported \(count) (\(HabitDetailView.days(days)) done) from \(TerminalSafeText.escaped(file))"]
        lines += report.renamed.map {
            "renamed \(HabitReply.quoted($0.from)) to \(HabitReply.quoted($0.to)): the name was taken"
        }
        if report.renamedCount > report.renamed.count {
            lines.append(
                "and \(report.renamedCount - report.renamed.count) more renamed (\(report.renamedCount) in all)")
        }
        lines += report.notCarried.map { "not carried: " + TerminalSafeText.escaped($0) }
        lines += report.refused.map { "refused: " + TerminalSafeText.escaped($0) }
        return HabitOutput(lines.joined(separator: "\n"))
    }
}
