import TallyCalendar
import TallyDiagnostics

/// The words after a `habit` subcommand, read one at a time by the subcommand's ``HabitSubcommand/read(_:)``
/// with the readers every subcommand shares (a name, a date, a target, a measure, the rest of
/// the line). Every error points into the line: at the word, or at the end where one is missing.
struct HabitArguments {
    /// The whole line, for text kept as typed (a note).
    let line: String
    /// The words after the subcommand word.
    private(set) var words: [Word]
    /// The 0-based UTF-8 byte offset where the arguments end.
    let end: Int
    /// The subcommand's name, for messages (`missing habit name after 'done'`).
    let subcommandName: String
    /// Its usage, for messages about a word it has no place for.
    let usage: String
    /// See ``HabitSubcommand/wordsBeforeQuotingHint``.
    let wordsBeforeQuotingHint: Int?
    /// The day dates count from; later days are in the future.
    let today: CivilDate
    /// The index of the next word to read.
    private(set) var position = 0

    init(line: String, words: [Word], end: Int, subcommand: any HabitSubcommand.Type, today: CivilDate) {
        self.line = line
        self.words = words
        self.end = end
        self.subcommandName = subcommand.name
        self.usage = subcommand.usage
        self.wordsBeforeQuotingHint = subcommand.wordsBeforeQuotingHint
        self.today = today
    }

    /// The next word, not yet read.
    var next: Word? { position < words.count ? words[position] : nil }

    /// The word after the next one, if any.
    var following: Word? { position + 1 < words.count ? words[position + 1] : nil }

    /// Whether no word is left.
    var isAtEnd: Bool { position >= words.count }

    /// An empty span where the arguments end: where a missing one would go.
    var endSpan: SourceSpan { SourceSpan(at: end) }

    /// Takes the next word, which the caller has looked at.
    mutating func take() -> Word {
        defer { position += 1 }
        return words[position]
    }

    /// Moves on to the word at index `index`, the words before it read.
    mutating func skip(to index: Int) {
        position = index
    }

    /// Throws at the first word nobody read.
    func finish() throws(Diagnostic) {
        guard let extra = next else { return }
        throw unexpected(extra)
    }

    /// A word the form has no place for, with the form and, when the word seems to be part
    /// of a name written without quotes, the quoted name.
    func unexpected(_ word: Word) -> Diagnostic {
        .unexpectedHabitArgument(word.text, usage: usage, hint: quotingHint(from: position), at: word.span)
    }

    /// NAME: the next word; `what` names it in the message when it is missing.
    mutating func readName(_ what: String = "habit name") throws(Diagnostic) -> Spanned<String> {
        guard let word = next else {
            throw .missingHabitName(what, after: subcommandName, at: endSpan)
        }
        position += 1
        return Spanned(word.text, at: word.span)
    }

    /// The words left, as one text: one quoted string is its inside; anything else is the
    /// text exactly as typed, quotes and runs of spaces kept. There is at least one word.
    mutating func readRestOfLine() -> Spanned<String> {
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

    /// `NAME [DATE]`, the date today at the name when it is left out.
    mutating func readNameAndOptionalDate() throws(Diagnostic) -> NameAndDayRequest {
        let name = try readName()
        return NameAndDayRequest(name: name, day: try readOptionalDate(after: name))
    }

    /// `[DATE]` after a name: the date, or today at the name when it is left out.
    mutating func readOptionalDate(after name: Spanned<String>) throws(Diagnostic) -> Spanned<CivilDate> {
        guard let word = next else { return Spanned(today, at: name.span) }
        position += 1
        return try resolveDate(word)
    }

    /// `since DATE`, or today (at the name) when absent.
    mutating func readSince(after name: Spanned<String>) throws(Diagnostic) -> Spanned<CivilDate> {
        guard let word = next else { return Spanned(today, at: name.span) }
        guard !word.isQuoted, word.text.lowercased() == "since" else {
            if (try? CivilDate.resolve(word.text, today: today)) != nil {
                throw .missingSince(before: word.text, at: word.span)
            }
            throw unexpected(word)
        }
        position += 1
        guard let dateWord = next else {
            throw .missingDateAfterSince(at: endSpan)
        }
        position += 1
        return try resolveDate(dateWord)
    }

    /// `first`, the word just taken, as a day, which may not be in the future; the words after
    /// it that continue it as steps (`today - 2 days`) are taken with it.
    mutating func resolveDate(_ first: Word) throws(Diagnostic) -> Spanned<CivilDate> {
        var word = first
        let firstIndex = position - 1
        let following = words[position...].prefix { !$0.isQuoted }.map(\.text)
        let steps = first.isQuoted ? 0 : CivilDate.continuationLength(following)
        if steps > 0 {
            let all = [first] + words[position..<position + steps]
            let text = all.map(\.text).joined(separator: " ")
            word = Word(text: text, span: first.span.union(all[all.count - 1].span), isQuoted: false)
            position += steps
        }
        let day: CivilDate
        do {
            day = try CivilDate.resolve(word.text, today: today)
        } catch {
            var hint = ""
            if case .malformed = error { hint = quotingHint(from: firstIndex) }
            throw .unreadableDay(error, hint: hint, at: word.span)
        }
        guard day <= today else {
            throw .dateInFuture(day.description, today: today, at: word.span)
        }
        return Spanned(day, at: word.span)
    }

    /// Takes `flag` out of the arguments wherever it stands; any other `--option` is an error.
    mutating func removeFlag(_ flag: String, for command: String) throws(Diagnostic) -> Bool {
        var found = false
        for word in words where !word.isQuoted && word.text.hasPrefix("--") && word.text != flag {
            throw .unknownHabitOption(word, for: command, flag: flag)
        }
        words.removeAll { word in
            let isFlag = !word.isQuoted && word.text == flag
            if isFlag { found = true }
            return isFlag
        }
        return found
    }

    /// When a bare name seems to have been split at its spaces (`habit done Read 20 pages`),
    /// the quoted name the person probably meant, as advice to append to a message.
    private func quotingHint(from index: Int) -> String {
        // Only where NAME is the one free-text argument: rename has two, list and export none.
        // After a name that may take a DATE, one odd word is more likely a mistyped date.
        guard let wordsNeeded = wordsBeforeQuotingHint else { return "" }
        guard words.count >= wordsNeeded, index == 1, !words[0].isQuoted,
            words[index...].allSatisfy({ !$0.isQuoted }),
            (try? CivilDate.resolve(words[index].text, today: today)) == nil  // a date is not a name part
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
