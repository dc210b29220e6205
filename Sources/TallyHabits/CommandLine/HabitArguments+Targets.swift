import TallyDiagnostics

extension HabitArguments {
    /// `[at least|at most] AMOUNT [UNIT] per PERIOD`, up to `since` or the end, when the next
    /// words start like one (`at`, or an amount).
    mutating func readOptionalMeasure() throws(Diagnostic) -> (HabitMeasure, HabitTarget)? {
        guard let word = next, !word.isQuoted else { return nil }
        // An amount out of range is still written as one: its error is the measure's.
        let amountLike: Bool
        do throws(HabitError) {
            amountLike = try HabitMeasure.parseAmount(word.text) != nil
        } catch {
            amountLike = true
        }
        let startsLikeMeasure = word.text.lowercased() == "at" || amountLike
        let followingWord = following?.text.lowercased() ?? ""
        guard startsLikeMeasure, !["times", "time", "x"].contains(followingWord) else { return nil }
        var end = position
        while end < words.count, words[end].isQuoted || words[end].text.lowercased() != "since" { end += 1 }
        let chosen = words[position..<end]
        let span = chosen.first!.span.union(chosen.last!.span)
        let parsed: (HabitMeasure, HabitTarget)?
        do throws(HabitError) {
            parsed = try HabitMeasure.parse(chosen.map(\.text))
        } catch {
            throw .habit(error, at: span)
        }
        guard let parsed else {
            throw .notAMeasure(at: span)
        }
        skip(to: end)
        return parsed
    }

    /// A target (`daily`, `N/week`, `N/month`, `every N days`, `X times in Y days`) when the
    /// next words are one.
    mutating func readOptionalTarget() throws(Diagnostic) -> HabitTarget? {
        guard let word = next, !word.isQuoted else { return nil }
        let followingText = following.flatMap { $0.isQuoted ? nil : $0.text }
        let third = position + 2 < words.count && !words[position + 2].isQuoted ? words[position + 2].text : nil
        let count = HabitTarget.wordCount(startingWith: word.text, next: followingText, third: third)
        guard position + count <= words.count else {
            throw .unfinishedHabitTarget(everyDays: word.text.lowercased() == "every", at: endSpan)
        }
        let chosen = words[position..<position + count]
        let parsed: HabitTarget?
        do throws(HabitError) {
            parsed = try HabitTarget.parse(chosen.map(\.text))
        } catch {
            let span = chosen.first!.span.union(chosen.last!.span)
            throw .invalidHabitTarget(error.message, at: span)
        }
        guard let target = parsed else {
            if count > 1 { throw notATarget(word) }
            return nil
        }
        skip(to: position + count)
        return target
    }

    /// The span of the words from index `start` to the last one read.
    func span(fromWord start: Int) -> SourceSpan {
        words[start].span.union(words[position - 1].span)
    }

    /// The error for a `word` where a target was expected.
    func notATarget(_ word: Word) -> Diagnostic {
        .notATarget(word.text, at: word.span)
    }
}
