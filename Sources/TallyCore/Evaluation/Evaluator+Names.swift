import Glibc
import TallyDiagnostics

extension Evaluator {
    /// Fails when `name` is a function, a constant, `ans`, an operator word or a command word.
    func checkAssignable(_ name: String, at span: SourceSpan) throws(EvaluationError) {
        if let reason = reservation(of: name) {
            throw .failed(Diagnostic.cannotAssign(name, because: reason, at: span))
        }
        if case .user? = functions.entry(named: name)?.kind {
            throw .failed(Diagnostic.cannotAssignToFunction(name, at: span))
        }
    }

    /// Why `name` cannot name a variable, a function or a parameter, or nil when it can.
    func reservation(of name: String) -> String? {
        if let entry = functions.entry(named: name), entry.isBuiltIn {
            return entry.isFunction ? "a built-in function" : "a built-in constant"
        }
        if name == "ans" { return "the last result" }
        if OperatorTable.reservedWords.contains(name) { return "an operator" }
        if commandWords.contains(name) { return "a command" }
        return nil
    }

    /// The value of `name`; when it has none, the error suggests the nearest known name: for a
    /// name that is the whole line a command word first (`hlep`: did you mean 'help'?), for one
    /// that starts it a command word after the line's own names.
    func lookUp(_ name: String, at span: SourceSpan, isTheLine: Bool = false, startsTheLine: Bool = false)
        throws(Diagnostic) -> Value
    {
        if let value = variables[name] { return value }
        if name == "ans" {
            if let lastResult { return lastResult }
            throw Diagnostic.noLastResult(at: span)
        }
        if let entry = functions.entry(named: name) {
            switch entry.kind {
            case .constant(let value):
                return try constant(value, at: span)
            case .function, .user:
                throw Diagnostic.functionUsedAsValue(name, at: span)
            }
        }
        return try lookUpRarely(name, at: span, isTheLine: isTheLine, startsTheLine: startsTheLine)
    }

    /// The value of a built-in constant named at `span`. A constant knows no span (`yesterday`
    /// on 0001-01-01 fails): its error gets the name's.
    private func constant(
        _ value: (EvaluationSettings) throws(Diagnostic) -> Value, at span: SourceSpan
    ) throws(Diagnostic) -> Value {
        do throws(Diagnostic) {
            return try value(settings)
        } catch {
            var positioned = error
            positioned.span = span
            throw positioned
        }
    }

    /// A name that is no variable, `ans` or function as written: a built-in constant in
    /// another letter case (`PI`), a unit on its own (`kg to g`, `1/s`: one of it), or an error
    /// with the nearest known name.
    @inline(never)
    func lookUpRarely(_ name: String, at span: SourceSpan, isTheLine: Bool, startsTheLine: Bool)
        throws(Diagnostic) -> Value
    {
        if let constant = PhysicalConstants.constant(named: name) { return constant.value }
        let lowered = name.lowercased()
        if lowered != name, let entry = FunctionTable.builtIn.entry(named: lowered),
            case .constant(let value) = entry.kind
        {
            return try constant(value, at: span)
        }
        if let unit = UnitTable.unit(named: name) {
            return .quantity(.number(Number(1)), CompoundUnit(unit))
        }
        let candidates =
            Array(variables.keys).sorted() + functions.names + (lastResult == nil ? [] : ["ans"]) + UnitTable.names
            + PhysicalConstants.names
        let command = startsTheLine ? Suggestion.nearest(to: name, in: commandWords.sorted()) : nil
        let other = Suggestion.nearest(to: name, in: candidates)
        throw Diagnostic.unknownName(name, at: span)
            .suggesting(isTheLine ? command ?? other : other ?? command)
    }

    // MARK: Literals

    func value(of literal: NumberLiteral, at span: SourceSpan) throws(Diagnostic) -> Number {
        switch literal {
        case .digits(let text, let radix):
            try settings.checkSize(Double(text.utf8.count) * log10(Double(radix)), at: span)
            guard let value = BigInteger(text, radix: radix) else {
                throw Diagnostic.malformedNumber(at: span)
            }
            return Number(value)
        case .decimal(let significand, let exponent):
            let digitCount = significand.utf8.count
            try settings.checkSize(Double(digitCount) + Double(Swift.max(exponent, 0)), at: span)
            try settings.checkSize(Double(-exponent), at: span)
            if digitCount <= 18, let small = Int(significand), (-18...0).contains(exponent) {
                return Number(numerator: small, denominator: powerOfTen(-exponent))
            }
            guard let mantissa = BigInteger(significand) else {
                throw Diagnostic.malformedNumber(at: span)
            }
            let scale = BigInteger.power(10, UInt(exponent.magnitude))
            return exponent >= 0 ? Number(mantissa * scale) : Number(numerator: mantissa, denominator: scale)
        case .repeating(let digits, let fractionDigits, let repeatingDigits, let exponent):
            try settings.checkSize(Double(digits.utf8.count) + Double(exponent.magnitude), at: span)
            guard
                let value = Number(
                    repeating: digits, fractionDigits: fractionDigits, repeatingDigits: repeatingDigits,
                    exponent: exponent)
            else {
                throw Diagnostic.malformedNumber(at: span)
            }
            return value
        }
    }

}
