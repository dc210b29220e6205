import TallyDiagnostics

/// User functions: defining one, removing a name with `unset`, and the notes that place an
/// error raised inside a function in its definition.
extension Evaluator {
    /// Defines (or redefines) the function of `definition`, written on `line` from `origin`.
    /// Fails at the offending name when the function's name or a parameter's is taken.
    mutating func define(_ definition: FunctionDefinition, line: String, origin: LineOrigin) throws(EvaluationError)
        -> UserFunction
    {
        let name = definition.name
        if let reason = reservation(of: name) {
            throw .failed(Diagnostic.cannotDefine(name, because: reason, at: definition.nameSpan))
        }
        if variables[name] != nil {
            throw .failed(Diagnostic.cannotDefineVariable(name, at: definition.nameSpan))
        }
        for (parameter, span) in zip(definition.parameters, definition.parameterSpans) {
            if let reason = reservation(of: parameter) {
                throw .failed(Diagnostic.cannotNameParameter(parameter, because: reason, at: span))
            }
        }
        let function = UserFunction(definition, source: line, origin: origin)
        let usage = "\(name)(\(definition.parameters.joined(separator: ", ")))"
        functions.define(FunctionEntry(name: name, usage: usage, summary: function.text, kind: .user(function)))
        return function
    }

    /// Keeps the last result as the variable `name` (the prompt's `_3`), unless a function
    /// has that name: the session records numbered results itself, not through a line of the
    /// language.
    public mutating func keepLastResult(as name: String) {
        guard let lastResult, functions.entry(named: name) == nil else { return }
        variables[name] = lastResult
    }

    /// Removes the variable `name`, if there is one (an old numbered result).
    public mutating func forgetVariable(_ name: String) {
        variables.removeValue(forKey: name)
        shadowedUnits.remove(name)
    }

    /// `unset NAME`: removes the variable or user function `name`.
    public mutating func unset(_ name: String, at span: SourceSpan) throws(Diagnostic) {
        if variables.removeValue(forKey: name) != nil {
            shadowedUnits.remove(name)
            return
        }
        if let entry = functions.entry(named: name) {
            guard entry.isBuiltIn else {
                functions.remove(named: name)
                return
            }
            throw Diagnostic.cannotUnsetBuiltIn(name, at: span)
        }
        if name == "ans" {
            throw Diagnostic.cannotUnsetLastResult(at: span)
        }
        let candidates = Array(variables.keys).sorted() + functions.userFunctions.map(\.name)
        throw Diagnostic.nothingToUnset(name, at: span)
            .suggesting(Suggestion.nearest(to: name, in: candidates))
    }

    /// The most notes about calls an error lists: the outermost and innermost ones, with a
    /// count of those left out between them.
    static let notedCallLimit = 6

    /// `error`, raised inside the calls `frames` (outermost first), as the line sees it: at the
    /// outermost call, with a note for each function that shows where in its definition the
    /// next call, or the error itself, stands. A recursion's run of identical calls is one note.
    func attributed(_ error: Diagnostic, to frames: [Frame]) -> Diagnostic {
        guard let outermost = frames.first else { return error }
        let count = frames.count
        func place(_ position: Int) -> SourceSpan { position + 1 < count ? frames[position + 1].callSpan : error.span }
        // Runs of frames of one function calling from one place: (first position, length).
        var runs: [(start: Int, length: Int)] = []
        for position in 0..<count {
            if let last = runs.last, frames[last.start].function === frames[position].function,
                place(last.start) == place(position)
            {
                runs[runs.count - 1].length += 1
            } else {
                runs.append((position, 1))
            }
        }
        // The error itself, moved to the outermost call; the notes below replace its own.
        var attributed = error
        attributed.span = outermost.callSpan
        attributed.notes = []
        let half = Evaluator.notedCallLimit / 2
        for (index, run) in runs.enumerated() {
            if runs.count > Evaluator.notedCallLimit && index >= half && index < runs.count - half {
                if index == half {
                    let skipped = runs[half..<(runs.count - half)].reduce(0) { $0 + $1.length }
                    attributed = attributed.notingSkippedCalls(skipped)
                }
                continue
            }
            let function = frames[run.start].function
            attributed = attributed.notingCall(
                of: function.text, definedAt: function.origin, nestedCalls: run.length, at: place(run.start),
                in: Diagnostic.NoteSource(line: function.source, origin: function.origin))
        }
        // The error's own notes ("did you mean …") are about the innermost definition.
        let innermost = frames[count - 1].function
        for note in error.notes {
            attributed = attributed.noting(
                note.message, at: note.span ?? error.span,
                in: note.source ?? Diagnostic.NoteSource(line: innermost.source, origin: innermost.origin))
        }
        return attributed
    }
}
