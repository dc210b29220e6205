import TallyDiagnostics

/// The grammar of the `habit` command: turns the text of a line into a ``HabitCommand``.
///
/// A line is `habit` followed by a subcommand (see ``HabitSubcommand`` for each one's form) and
/// its arguments. NAME is a word or a quoted string; DATE is `YYYY-MM-DD`, `today`, `yesterday`
/// or `-N`.
public enum HabitCommandLine {
    /// The subcommand words, in the order messages list them.
    static var subcommandNames: [String] { HabitSubcommand.allCases.map(\.rawValue) }

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
        let (words, end) = try Word.split(line, from: argumentsStart)
        let expected = "expected one of \(subcommandNames.joined(separator: ", "))"
        guard let word = words.first else {
            // `habit` alone is the day's view.
            return HabitCommand(.today, subcommandSpan: SourceSpan(at: end), endSpan: SourceSpan(at: end))
        }
        // A quoted word is never a keyword, but may still be a misspelt one ('done' in quotes).
        guard !word.isQuoted, let subcommand = HabitSubcommand(word: word.text) else {
            throw unknown(
                .unknownHabitSubcommand, "unknown habit subcommand \(MessageText.quoted(word.text))", word,
                among: subcommandNames,
                otherwise: expected)
        }
        var arguments = ArgumentReader(
            line: line, words: Array(words.dropFirst()), end: end, subcommand: subcommand, today: today)
        let action = try arguments.readAction()
        try arguments.finish()
        return HabitCommand(action, subcommandSpan: word.span, endSpan: SourceSpan(at: end))
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
        return Day.isDayWord(text) || text.lowercased() == "tomorrow"
    }

    /// The diagnostic for a `word` that is none of `candidates`: with a "did you mean" note when
    /// it is near one, else with `otherwise` (the choices, if any) appended to the message.
    private static func unknown(
        _ id: DiagnosticID, _ message: String, _ word: Word, among candidates: [String], otherwise: String?
    ) -> Diagnostic {
        if let suggestion = Suggestion.nearest(to: word.text, in: candidates) {
            return Diagnostic(id, message, at: word.span).suggesting(suggestion)
        }
        return Diagnostic(id, message + (otherwise.map { "; " + $0 } ?? ""), at: word.span)
    }

    /// Reads the arguments after the subcommand, one at a time.
    private struct ArgumentReader {
        /// The whole line, for text kept as typed (a note).
        let line: String
        var words: [Word]
        let end: Int
        let subcommand: HabitSubcommand
        let today: Day
        private var position = 0

        init(line: String, words: [Word], end: Int, subcommand: HabitSubcommand, today: Day) {
            self.line = line
            self.words = words
            self.end = end
            self.subcommand = subcommand
            self.today = today
        }

        private var next: Word? { position < words.count ? words[position] : nil }

        mutating func readAction() throws(Diagnostic) -> HabitCommand.Action {
            switch subcommand {
            case .add:
                let name = try readName("habit name")
                if let (measure, period) = try readOptionalMeasure() {
                    return .addMeasured(name: name, measure: measure, period: period, start: try readSince(after: name))
                }
                let target = try readOptionalTarget() ?? .daily
                return .add(name: name, target: target, start: try readSince(after: name))
            case .list:
                return .list(includeArchived: try readListScope())
            case .today:
                return .today
            case .done:
                return try readDone()
            case .skip:
                let name = try readName("habit name")
                return .skip(name: name, day: try readOptionalDate(after: name))
            case .start:
                let name = try readName("habit name")
                guard let word = next else {
                    throw Diagnostic(.missingDate, "missing date after the name", at: SourceSpan(at: end))
                }
                position += 1
                return .start(name: name, day: try resolveDate(word))
            case .describe:
                let name = try readName("habit name")
                guard next != nil else {
                    throw Diagnostic(
                        .missingNoteText, "missing the description after the name", at: SourceSpan(at: end))
                }
                return .describe(name: name, text: readRestOfLine())
            case .move:
                let name = try readName("habit name")
                guard let word = next else {
                    throw Diagnostic(
                        .missingHabitPosition, "missing the position after the name", at: SourceSpan(at: end))
                }
                position += 1
                guard !word.isQuoted, word.text.utf8.allSatisfy({ (48...57).contains($0) }), word.text.utf8.count <= 6,
                    let place = Int(word.text), place >= 1
                else {
                    throw Diagnostic(
                        .invalidHabitPosition, "\(MessageText.quoted(word.text)) is not a position; expected 1, 2, 3…",
                        at: word.span)
                }
                return .move(name: name, position: Spanned(place, at: word.span))
            case .note:
                let name = try readName("habit name")
                var day = Spanned(today, at: name.span)
                // A word written like a date is the day, never the text: `habit note R yesterday`
                // has no text (quote it to keep the word: `habit note R 'yesterday'`).
                if let word = next, !word.isQuoted, HabitCommandLine.looksLikeDate(word.text) {
                    position += 1
                    day = try resolveDate(word)
                }
                guard let first = next else {
                    throw Diagnostic(
                        .missingNoteText, "missing the note's text after the \(position > 1 ? "date" : "name")",
                        at: SourceSpan(at: end))
                }
                _ = first
                return .note(name: name, day: day, text: readRestOfLine())
            case .target:
                let name = try readName("habit name")
                let start = position
                if let (measure, period) = try readOptionalMeasure() {
                    let span = words[start].span.union(words[position - 1].span)
                    return .measure(name: name, measure: measure, period: Spanned(period, at: span))
                }
                guard let target = try readOptionalTarget() else {
                    if let word = next { throw notATarget(word) }
                    throw Diagnostic(
                        .missingHabitTarget, "missing target after the name; expected \(HabitCommandLine.targetForms)",
                        at: SourceSpan(at: end))
                }
                let span = words[start].span.union(words[position - 1].span)
                return .target(name: name, target: Spanned(target, at: span))
            case .undo:
                let name = try readName("habit name")
                return .undo(name: name, day: try readOptionalDate(after: name))
            case .archive:
                let name = try readName("habit name")
                return .archive(name: name, day: try readOptionalDate(after: name))
            case .restore:
                return .restore(name: try readName("habit name"))
            case .rename:
                let name = try readName("habit name")
                return .rename(name: name, newName: try readName("new name"))
            case .delete:
                let confirmed = try removeYesFlag()
                return .delete(name: try readName("habit name"), confirmed: confirmed)
            case .show:
                let name = try readName("habit name")
                guard let word = next, !word.isQuoted else { return .show(name: name, year: false) }
                if word.text.utf8.count == 4, word.text.utf8.allSatisfy({ (48...57).contains($0) }),
                    let year = Int(word.text), Day.supportedYears.contains(year)
                {
                    position += 1
                    guard year <= today.year else {
                        throw Diagnostic(.dateInFuture, "\(year) is in the future; today is \(today)", at: word.span)
                    }
                    return .show(name: name, year: true, calendarYear: Spanned(year, at: word.span))
                }
                guard word.text.lowercased() == "year" else { return .show(name: name, year: false) }
                position += 1
                return .show(name: name, year: true)
            case .export:
                let format = try readExportFormat()
                let force = try removeFlag("--force", for: "habit export")
                guard let word = next else { return .export(format) }
                position += 1
                return .export(format, file: Spanned(word.text, at: word.span), force: force)
            case .import:
                guard let word = next else {
                    throw Diagnostic(.missingImportFile, "missing the file after 'import'", at: SourceSpan(at: end))
                }
                position += 1
                return .import(file: Spanned(word.text, at: word.span))
            }
        }

        /// The words left, as one text: one quoted string is its inside; anything else is the
        /// text exactly as typed, quotes and runs of spaces kept. There is at least one word.
        private mutating func readRestOfLine() -> Spanned<String> {
            let first = words[position]
            let last = words[words.count - 1]
            position = words.count
            let span = first.span.union(last.span)
            let text =
                first == last && first.isQuoted
                ? first.text
                : String(decoding: Array(line.utf8)[span.start..<span.end], as: UTF8.self)
            return Spanned(text, at: span)
        }

        /// Throws at the first word nobody read.
        func finish() throws(Diagnostic) {
            guard let extra = next else { return }
            throw unexpected(extra)
        }

        /// A word the form has no place for, with the form and, when the word seems to be part
        /// of a name written without quotes, the quoted name.
        private func unexpected(_ word: Word) -> Diagnostic {
            Diagnostic(
                .unexpectedHabitArgument,
                "unexpected \(MessageText.quoted(word.text)); the form is \(subcommand.usage)\(quotingHint(from: position))",
                at: word.span)
        }

        private mutating func readName(_ what: String) throws(Diagnostic) -> Spanned<String> {
            guard let word = next else {
                throw Diagnostic(
                    .missingHabitName, "missing \(what) after '\(subcommand.rawValue)'", at: SourceSpan(at: end))
            }
            position += 1
            return Spanned(word.text, at: word.span)
        }

        /// `NAME... [DATE]`: names up to the first word written like a date (or a mistyped one);
        /// or `NAME AMOUNT [DATE]` and `NAME =AMOUNT [DATE]` for a measurable habit.
        private mutating func readDone() throws(Diagnostic) -> HabitCommand.Action {
            let first = try readName("habit name")
            var names = [first]
            while let word = next {
                if !word.isQuoted, HabitCommandLine.looksLikeDate(word.text) || word.text.hasPrefix("=") { break }
                names.append(Spanned(word.text, at: word.span))
                position += 1
            }
            if let word = next, !word.isQuoted {
                let replacing = word.text.hasPrefix("=")
                let text = replacing ? String(word.text.dropFirst()) : word.text
                let amount: Int?
                do throws(HabitError) {
                    amount = try HabitMeasure.parseAmount(text)
                } catch {
                    throw Diagnostic(error.diagnosticID, error.message, at: word.span)
                }
                if replacing && amount == nil {
                    throw Diagnostic(
                        .invalidHabitMeasure, "expected an amount after '=' (such as =2.5)", at: word.span)
                }
                // `Read 20 pages` is a name split at its spaces, not an amount: an amount is
                // followed by a date or nothing.
                let followedByDate =
                    position + 1 >= words.count || HabitCommandLine.looksLikeDate(words[position + 1].text)
                if let amount, followedByDate {
                    guard names.count == 1 else {
                        throw Diagnostic(
                            .unexpectedHabitArgument, "an amount is entered for one habit at a time",
                            at: word.span)
                    }
                    position += 1
                    return .enter(
                        name: first, amount: Spanned(amount, at: word.span), replacing: replacing,
                        day: try readOptionalDate(after: first))
                }
            }
            return .done(names: names, day: try readOptionalDate(after: first))
        }

        /// `[at least|at most] AMOUNT [UNIT] per PERIOD`, up to `since` or the end, when the next
        /// words start like one (`at`, or an amount).
        private mutating func readOptionalMeasure() throws(Diagnostic) -> (HabitMeasure, HabitTarget)? {
            guard let word = next, !word.isQuoted else { return nil }
            // An amount out of range is still written as one: its error is the measure's.
            let amountLike: Bool
            do throws(HabitError) {
                amountLike = try HabitMeasure.parseAmount(word.text) != nil
            } catch {
                amountLike = true
            }
            let startsLikeMeasure = word.text.lowercased() == "at" || amountLike
            let following = position + 1 < words.count ? words[position + 1].text.lowercased() : ""
            guard startsLikeMeasure, !["times", "time", "x"].contains(following) else { return nil }
            var end = position
            while end < words.count, words[end].isQuoted || words[end].text.lowercased() != "since" { end += 1 }
            let chosen = words[position..<end]
            let span = chosen.first!.span.union(chosen.last!.span)
            let parsed: (HabitMeasure, HabitTarget)?
            do throws(HabitError) {
                parsed = try HabitMeasure.parse(chosen.map(\.text))
            } catch {
                throw Diagnostic(error.diagnosticID, error.message, at: span)
            }
            guard let parsed else {
                throw Diagnostic(
                    .invalidHabitMeasure,
                    "expected a measure: [at least|at most] AMOUNT [UNIT] per day, week, month or N days",
                    at: span)
            }
            position = end
            return parsed
        }

        /// A target (`daily`, `N/week`, `N/month`, `every N days`) when the next words are one.
        private mutating func readOptionalTarget() throws(Diagnostic) -> HabitTarget? {
            guard let word = next, !word.isQuoted else { return nil }
            let following = position + 1 < words.count && !words[position + 1].isQuoted ? words[position + 1].text : nil
            let count = HabitTarget.wordCount(startingWith: word.text, next: following)
            guard position + count <= words.count else {
                throw Diagnostic(
                    .missingHabitTarget, count == 3 ? "expected every N days" : "expected X times in Y days",
                    at: SourceSpan(at: end))
            }
            let chosen = words[position..<position + count]
            let parsed: HabitTarget?
            do throws(HabitError) {
                parsed = try HabitTarget.parse(chosen.map(\.text))
            } catch {
                let span = chosen.first!.span.union(chosen.last!.span)
                throw Diagnostic(.invalidHabitTarget, error.message, at: span)
            }
            guard let target = parsed else {
                if count > 1 { throw notATarget(word) }
                return nil
            }
            position += count
            return target
        }

        private func notATarget(_ word: Word) -> Diagnostic {
            Diagnostic(
                .invalidHabitTarget,
                "\(MessageText.quoted(word.text)) is not a target; expected \(HabitCommandLine.targetForms)",
                at: word.span)
        }

        /// `since DATE`, or today (at the name) when absent.
        private mutating func readSince(after name: Spanned<String>) throws(Diagnostic) -> Spanned<Day> {
            guard let word = next else { return Spanned(today, at: name.span) }
            guard !word.isQuoted, word.text.lowercased() == "since" else {
                if (try? Day.resolve(word.text, today: today)) != nil {
                    throw Diagnostic(
                        .missingSince, "expected 'since' before the date: since \(word.text)", at: word.span)
                }
                throw unexpected(word)
            }
            position += 1
            guard let dateWord = next else {
                throw Diagnostic(.missingDate, "missing date after 'since'", at: SourceSpan(at: end))
            }
            position += 1
            return try resolveDate(dateWord)
        }

        private mutating func readOptionalDate(after name: Spanned<String>) throws(Diagnostic) -> Spanned<Day> {
            guard let word = next else { return Spanned(today, at: name.span) }
            position += 1
            return try resolveDate(word)
        }

        private mutating func resolveDate(_ first: Word) throws(Diagnostic) -> Spanned<Day> {
            // `today - 2 days`: the words that continue the date as steps are part of it.
            var word = first
            let firstIndex = position - 1
            let following = words[position...].prefix { !$0.isQuoted }.map(\.text)
            let steps = first.isQuoted ? 0 : Day.continuationLength(following)
            if steps > 0 {
                let all = [first] + words[position..<position + steps]
                let text = all.map(\.text).joined(separator: " ")
                word = Word(text: text, span: first.span.union(all.last!.span), isQuoted: false)
                position += steps
            }
            let day: Day
            do {
                day = try Day.resolve(word.text, today: today)
            } catch {
                var message = error.message
                if case .malformed = error { message += quotingHint(from: firstIndex) }
                throw Diagnostic(error.diagnosticID, message, at: word.span)
            }
            guard day <= today else {
                throw Diagnostic(.dateInFuture, "\(day) is in the future; today is \(today)", at: word.span)
            }
            return Spanned(day, at: word.span)
        }

        private mutating func readListScope() throws(Diagnostic) -> Bool {
            guard let word = next else { return false }
            guard !word.isQuoted, word.text.lowercased() == "all" else { throw unexpected(word) }
            position += 1
            return true
        }

        /// Takes `--yes` out of the arguments wherever it stands; any other `--option` is an error.
        private mutating func removeYesFlag() throws(Diagnostic) -> Bool {
            try removeFlag("--yes", for: "habit delete")
        }

        /// Takes `flag` out of the arguments wherever it stands; any other `--option` is an error.
        private mutating func removeFlag(_ flag: String, for command: String) throws(Diagnostic) -> Bool {
            var found = false
            for word in words where !word.isQuoted && word.text.hasPrefix("--") && word.text != flag {
                throw HabitCommandLine.unknown(
                    .unknownHabitOption, "unknown option \(MessageText.quoted(word.text)) for \(command)", word,
                    among: [flag], otherwise: nil)
            }
            words.removeAll { word in
                let isFlag = !word.isQuoted && word.text == flag
                if isFlag { found = true }
                return isFlag
            }
            return found
        }

        private mutating func readExportFormat() throws(Diagnostic) -> HabitExportFormat {
            let expected = "expected " + HabitSubcommand.exportFormatNames.joined(separator: " or ")
            guard let word = next else {
                throw Diagnostic(
                    .missingExportFormat, "missing export format after 'export'; \(expected)", at: SourceSpan(at: end))
            }
            position += 1
            guard let format = HabitExportFormat(rawValue: word.text.lowercased()) else {
                throw HabitCommandLine.unknown(
                    .unknownExportFormat, "unknown export format \(MessageText.quoted(word.text))", word,
                    among: HabitSubcommand.exportFormatNames, otherwise: expected)
            }
            return format
        }

        /// When a bare name seems to have been split at its spaces (`habit done Read 20 pages`),
        /// the quoted name the person probably meant, as advice to append to a message.
        private func quotingHint(from index: Int) -> String {
            // Only where NAME is the one free-text argument: rename has two, list and export none.
            // After a name that may take a DATE, one odd word is more likely a mistyped date.
            let wordsNeeded: Int
            switch subcommand {
            case .add, .restore, .delete, .show: wordsNeeded = 2
            case .done, .skip, .undo, .archive: wordsNeeded = 3
            case .target, .rename, .list, .export, .today, .note, .import, .start, .describe, .move: return ""
            }
            guard words.count >= wordsNeeded, index == 1, !words[0].isQuoted,
                words[index...].allSatisfy({ !$0.isQuoted }),
                (try? Day.resolve(words[index].text, today: today)) == nil  // a date is not a name part
            else { return "" }
            // The name ends before `since`, and before a date or target written after it.
            var nameWords = words.prefix { $0.text.lowercased() != "since" }.map(\.text)
            for length in [5, 3] where nameWords.count > length {
                if (try? HabitTarget.parse(Array(nameWords.suffix(length)))) != nil {
                    nameWords.removeLast(length)
                    break
                }
            }
            while let last = nameWords.last, nameWords.count > 1,
                HabitCommandLine.looksLikeDate(last) || (try? HabitTarget.parse([last])) != nil
            {
                nameWords.removeLast()
            }
            guard nameWords.count > 1 else { return "" }
            let guess = nameWords.joined(separator: " ")
            return "; a name with spaces needs quotes: \"\(MessageText.bounded(guess))\""
        }
    }
}
