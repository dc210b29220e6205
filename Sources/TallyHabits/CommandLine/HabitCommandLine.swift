import TallyCalendar
import TallyDiagnostics

/// The grammar of the `habit` command: turns the text of a line into a ``HabitCommand``.
///
/// A line is `habit` followed by a subcommand (see ``HabitSubcommands`` for the table of them,
/// each type giving its form) and its arguments. NAME is a word or a quoted string; DATE is
/// `YYYY-MM-DD`, `today`, `yesterday` or `-N`.
public enum HabitCommandLine {
    /// Parses the arguments of a `habit` line.
    ///
    /// - Parameters:
    ///   - line: the whole line as typed.
    ///   - argumentsStart: the 0-based UTF-8 byte offset in `line` just after the word `habit`.
    ///   - today: the day that `today`, `yesterday` and `-N` count from, and after which dates
    ///     are in the future.
    /// - Throws: a ``Diagnostic`` whose span (0-based UTF-8 byte offsets into `line`) points at
    ///   the offending word, or is empty at the end of the line when an argument is missing.
    public static func parse(_ line: String, argumentsStart: Int, today: CivilDate) throws(Diagnostic) -> HabitCommand {
        let (words, end) = try Word.split(line, from: argumentsStart)
        guard let word = words.first else {
            // `habit` alone is the day's view.
            return HabitCommand(
                TodaySubcommand.self, NoArguments(), subcommandSpan: SourceSpan(at: end), endSpan: SourceSpan(at: end))
        }
        // A quoted word is never a keyword, but may still be a misspelt one ('done' in quotes).
        guard !word.isQuoted, let subcommand = HabitSubcommands.named(word.text) else {
            throw Diagnostic.unknownHabitSubcommand(word, among: HabitSubcommands.names)
        }
        var arguments = HabitArguments(
            line: line, words: Array(words.dropFirst()), end: end, subcommand: subcommand, today: today)
        return try command(subcommand, reading: &arguments, at: word.span)
    }

    /// `subcommand`'s command from `arguments`, every word read.
    private static func command<Subcommand: HabitSubcommand>(
        _ subcommand: Subcommand.Type, reading arguments: inout HabitArguments, at span: SourceSpan
    ) throws(Diagnostic) -> HabitCommand {
        let request = try Subcommand.read(&arguments)
        try arguments.finish()
        return HabitCommand(subcommand, request, subcommandSpan: span, endSpan: arguments.endSpan)
    }

    /// The forms of TARGET, for messages.
    static let targetForms = "daily, N/week, N/month, every N days or X times in Y days"

    /// Whether `text` is written as a date (or a mistyped one) rather than a name: it starts with
    /// a digit or `-` and a digit, or is a word for a day (`today`, `yesterday`, `mon`…).
    static func looksLikeDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first else { return false }
        if (48...57).contains(first) { return true }
        if first == UInt8(ascii: "-"), bytes.count > 1, (48...57).contains(bytes[1]) { return true }
        return CivilDate.isDayWord(text) || text.lowercased() == "tomorrow"
    }
}
