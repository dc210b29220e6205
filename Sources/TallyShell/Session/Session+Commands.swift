import TallyCalendar
import TallyCore
import TallyDiagnostics
import TallyHabits

/// The session's own commands' work: `vars`, `unset`, `set` and `habit` (each an entry of
/// ``SessionCommand/all``).
extension Session {
    // MARK: vars

    /// `vars`: each variable with its value, each function as defined, and `ans`.
    func variableListing() -> String {
        var lines: [String] = []
        for name in evaluator.variables.keys.sorted() where !Session.isNumberedResult(name) {
            lines.append("\(name) = \(display(evaluator.variables[name]!))")
        }
        for function in evaluator.functions.userFunctions.sorted(by: { $0.name < $1.name }) {
            lines.append(TerminalSafeText.escaped(function.text))
        }
        if let last = evaluator.lastResult {
            lines.append("ans = \(display(last))")
        }
        if lines.isEmpty { return "no variables yet; assign one with x = 5, define a function with f(x) = x^2" }
        return lines.joined(separator: "\n")
    }

    // MARK: set

    mutating func runSet(_ arguments: inout CommandArguments) throws(Diagnostic) -> LineOutcome {
        guard let (name, nameSpan) = try arguments.nextWord() else {
            return .printing(settingsListing())
        }
        guard let setting = Setting.named(name) else {
            let known = Setting.all.map(\.name)
            if let suggestion = Suggestion.nearest(to: name, in: known) {
                throw Diagnostic.unknownSetting(name, known: nil, at: nameSpan).suggesting(suggestion)
            }
            throw Diagnostic.unknownSetting(name, known: known, at: nameSpan)
        }
        // Applied to a copy, so that a value followed by anything else changes nothing.
        var changed = self
        let message = try setting.apply(&changed, &arguments)
        try arguments.expectEnd(command: "set \(setting.name)")
        self = changed
        return message.map(LineOutcome.printing) ?? .silent
    }

    private func settingsListing() -> String {
        let rows = Setting.all.map { setting in (setting.name, setting.current(self), setting.meaning) }
        let valueWidth = rows.map(\.1.count).max() ?? 0
        return rows.map { name, value, meaning in
            let namePadding = String(repeating: " ", count: 11 - name.count)
            let valuePadding = String(repeating: " ", count: valueWidth - value.count)
            return "\(name)\(namePadding)\(value)\(valuePadding)   \(meaning)"
        }.joined(separator: "\n")
    }

    // MARK: unset

    /// `unset NAME`: a variable or a function goes.
    mutating func runUnset(_ arguments: inout CommandArguments) throws(Diagnostic) -> LineOutcome {
        guard let (name, span) = try arguments.nextWord() else {
            throw Diagnostic.missingUnsetName(at: arguments.lastSpan)
        }
        try arguments.expectEnd(command: "unset \(name)")
        try evaluator.unset(name, at: span)
        return .silent
    }

    // MARK: habit

    mutating func runHabit(line: String, argumentsStart: Int) throws(Diagnostic) -> LineOutcome {
        let wordSpan = SourceSpan(start: argumentsStart - "habit".utf8.count, end: argumentsStart)
        let today: CivilDate
        do {
            today = try environment.today()
        } catch {
            throw Diagnostic.unusableToday(error.message, at: wordSpan)
        }
        if habits == nil, let open = environment.openHabitRepository {
            habits = HabitCommandRunner(openRepository: open)
        }
        if habits == nil {
            guard let directory = environment.dataDirectory else {
                throw Diagnostic.noDataDirectory(at: wordSpan)
            }
            habits = HabitCommandRunner(dataDirectory: directory)
        }
        var context = HabitRunContext(
            today: today, isInteractive: style == .interactive, glyphs: environment.glyphs,
            confirm: environment.confirm, wantsData: environment.wantsHabitData, readAnswer: environment.readAnswer,
            giveBack: environment.giveBack,
            columns: style == .interactive ? TerminalSize.current.columns : 80)
        context.isInterrupted = { [interruption] in interruption.isRequested }
        let (text, data) = try habits!.runWithData(line: line, argumentsStart: argumentsStart, context: context)
        // The views mark what their days mean; here they are coloured, or not.
        var outcome = LineOutcome(.text(text.terminalText(colour: environment.useColour), data: data))
        outcome.acknowledgesStoredChange = true
        return outcome
    }
}
