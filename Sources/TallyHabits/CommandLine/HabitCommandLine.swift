import TallyCore

/// The grammar of the `habit` command: turns the text of a line into a ``HabitCommand``.
///
/// ```
/// habit add NAME [since DATE]      habit archive NAME [DATE]
/// habit list [all]                 habit restore NAME
/// habit done NAME [DATE]           habit rename NAME NEWNAME
/// habit undo NAME [DATE]           habit delete NAME [--yes]
/// habit show NAME                  habit export csv|json
/// ```
///
/// NAME is a word or a quoted string; DATE is `YYYY-MM-DD`, `today`, `yesterday` or `-N`.
public enum HabitCommandLine {
    /// The subcommands, in the order help lists them.
    public static let subcommandNames = [
        "add", "list", "done", "undo", "archive", "restore", "rename", "delete", "show", "export",
    ]

    /// The subcommands whose first argument is a habit's name (where the shell completes names).
    public static let subcommandsTakingName: Set<String> = [
        "add", "done", "undo", "archive", "restore", "rename", "delete", "show",
    ]

    /// How each subcommand is written, for messages about extra arguments.
    static let usage: [String: String] = [
        "add": "habit add NAME [since DATE]", "list": "habit list [all]", "done": "habit done NAME [DATE]",
        "undo": "habit undo NAME [DATE]", "archive": "habit archive NAME [DATE]", "restore": "habit restore NAME",
        "rename": "habit rename NAME NEWNAME", "delete": "habit delete NAME [--yes]", "show": "habit show NAME",
        "export": "habit export csv|json",
    ]

    /// Parses the arguments of a `habit` line.
    ///
    /// - Parameters:
    ///   - line: the whole line as typed.
    ///   - argumentsStart: the 0-based UTF-8 byte offset in `line` just after the word `habit`.
    ///   - today: the day that `today`, `yesterday` and `-N` count from, and after which dates
    ///     are in the future.
    /// - Throws: a ``Diagnostic`` whose span (0-based UTF-8 byte offsets into `line`) points at
    ///   the offending word, or is empty at the end of the line when an argument is missing.
    public static func parse(_ line: String, argumentsStart: Int, today: Day) throws(Diagnostic) -> HabitCommand {
        let (words, end) = try HabitWord.split(line, from: argumentsStart)
        guard let subcommand = words.first else {
            throw Diagnostic(
                "missing habit subcommand; expected one of \(subcommandNames.joined(separator: ", "))",
                at: SourceSpan(at: end))
        }
        guard !subcommand.isQuoted, usage[subcommand.text] != nil else {
            var message = "unknown habit subcommand '\(subcommand.text)'"
            if let suggestion = Suggestion.nearest(to: subcommand.text, in: subcommandNames) {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += "; expected one of \(subcommandNames.joined(separator: ", "))"
            }
            throw Diagnostic(message, at: subcommand.span)
        }
        var arguments = ArgumentReader(
            words: Array(words.dropFirst()), end: end, subcommand: subcommand.text, today: today)
        let action = try arguments.readAction()
        try arguments.finish()
        return HabitCommand(action, subcommandSpan: subcommand.span, endSpan: SourceSpan(at: end))
    }

    /// Reads the arguments after the subcommand, one at a time.
    private struct ArgumentReader {
        var words: [HabitWord]
        let end: Int
        let subcommand: String
        let today: Day
        private var position = 0

        init(words: [HabitWord], end: Int, subcommand: String, today: Day) {
            self.words = words
            self.end = end
            self.subcommand = subcommand
            self.today = today
        }

        private var next: HabitWord? { position < words.count ? words[position] : nil }

        mutating func readAction() throws(Diagnostic) -> HabitCommand.Action {
            switch subcommand {
            case "add":
                let name = try readName("habit name")
                return .add(name: name, start: try readSince(after: name))
            case "list":
                return .list(includeArchived: try readListScope())
            case "done":
                let name = try readName("habit name")
                return .done(name: name, day: try readOptionalDate(after: name))
            case "undo":
                let name = try readName("habit name")
                return .undo(name: name, day: try readOptionalDate(after: name))
            case "archive":
                let name = try readName("habit name")
                return .archive(name: name, day: try readOptionalDate(after: name))
            case "restore":
                return .restore(name: try readName("habit name"))
            case "rename":
                let name = try readName("habit name")
                return .rename(name: name, newName: try readName("new name"))
            case "delete":
                let confirmed = try removeYesFlag()
                return .delete(name: try readName("habit name"), confirmed: confirmed)
            case "show":
                return .show(name: try readName("habit name"))
            default:
                return .export(try readExportFormat())
            }
        }

        /// Throws at the first word nobody read.
        func finish() throws(Diagnostic) {
            guard let extra = next else { return }
            throw Diagnostic(
                "unexpected '\(extra.text)'; the form is \(HabitCommandLine.usage[subcommand]!)\(quotingHint(from: position))",
                at: extra.span)
        }

        private mutating func readName(_ what: String) throws(Diagnostic) -> Spanned<String> {
            guard let word = next else {
                throw Diagnostic("missing \(what) after '\(subcommand)'", at: SourceSpan(at: end))
            }
            position += 1
            return Spanned(word.text, at: word.span)
        }

        /// `since DATE`, or today (at the name) when absent.
        private mutating func readSince(after name: Spanned<String>) throws(Diagnostic) -> Spanned<Day> {
            guard let word = next else { return Spanned(today, at: name.span) }
            guard !word.isQuoted, word.text == "since" else {
                if (try? Day.resolve(word.text, today: today)) != nil {
                    throw Diagnostic("expected 'since' before the date: since \(word.text)", at: word.span)
                }
                throw Diagnostic(
                    "unexpected '\(word.text)'; the form is habit add NAME [since DATE]\(quotingHint(from: position))",
                    at: word.span)
            }
            position += 1
            guard let dateWord = next else {
                throw Diagnostic("missing date after 'since'", at: SourceSpan(at: end))
            }
            position += 1
            return try resolveDate(dateWord)
        }

        private mutating func readOptionalDate(after name: Spanned<String>) throws(Diagnostic) -> Spanned<Day> {
            guard let word = next else { return Spanned(today, at: name.span) }
            position += 1
            return try resolveDate(word)
        }

        private func resolveDate(_ word: HabitWord) throws(Diagnostic) -> Spanned<Day> {
            let day: Day
            do {
                day = try Day.resolve(word.text, today: today)
            } catch {
                var message = error.message
                if case .malformed = error { message += quotingHint(from: position - 1) }
                throw Diagnostic(message, at: word.span)
            }
            guard day <= today else {
                throw Diagnostic("\(day) is in the future; today is \(today)", at: word.span)
            }
            return Spanned(day, at: word.span)
        }

        private mutating func readListScope() throws(Diagnostic) -> Bool {
            guard let word = next else { return false }
            guard !word.isQuoted, word.text == "all" else {
                throw Diagnostic("unexpected '\(word.text)'; the form is habit list [all]", at: word.span)
            }
            position += 1
            return true
        }

        /// Takes `--yes` out of the arguments wherever it stands; any other `--option` is an error.
        private mutating func removeYesFlag() throws(Diagnostic) -> Bool {
            var confirmed = false
            for word in words where !word.isQuoted && word.text.hasPrefix("--") && word.text != "--yes" {
                var message = "unknown option '\(word.text)' for habit delete"
                if Suggestion.nearest(to: word.text, in: ["--yes"]) != nil { message += "; did you mean '--yes'?" }
                throw Diagnostic(message, at: word.span)
            }
            words.removeAll { word in
                let isFlag = !word.isQuoted && word.text == "--yes"
                if isFlag { confirmed = true }
                return isFlag
            }
            return confirmed
        }

        private mutating func readExportFormat() throws(Diagnostic) -> HabitExportFormat {
            guard let word = next else {
                throw Diagnostic("missing export format after 'export'; expected csv or json", at: SourceSpan(at: end))
            }
            position += 1
            guard let format = HabitExportFormat(rawValue: word.text) else {
                var message = "unknown export format '\(word.text)'"
                let names = HabitExportFormat.allCases.map(\.rawValue)
                if let suggestion = Suggestion.nearest(to: word.text, in: names) {
                    message += "; did you mean '\(suggestion)'?"
                } else {
                    message += "; expected csv or json"
                }
                throw Diagnostic(message, at: word.span)
            }
            return format
        }

        /// When a bare name seems to have been split at its spaces (`habit done Read 20 pages`),
        /// the quoted name the person probably meant, as advice to append to a message.
        private func quotingHint(from index: Int) -> String {
            // Only where NAME is the one free-text argument: rename has two, list and export none.
            // After a name that may take a DATE, one odd word is more likely a mistyped date.
            let takesDate = ["done", "undo", "archive"].contains(subcommand)
            guard subcommand != "rename", HabitCommandLine.subcommandsTakingName.contains(subcommand),
                words.count >= (takesDate ? 3 : 2), index == 1, !words[0].isQuoted,
                words[index...].allSatisfy({ !$0.isQuoted }),
                (try? Day.resolve(words[index].text, today: today)) == nil  // a date is not a name part
            else { return "" }
            let nameWords = words.prefix { $0.text != "since" }.map(\.text)
            let guess = nameWords.joined(separator: " ")
            return "; a name with spaces needs quotes: \"\(guess)\""
        }
    }
}
