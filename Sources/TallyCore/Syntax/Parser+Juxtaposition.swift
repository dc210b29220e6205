import TallyDiagnostics

/// What the parser leaves beside a statement: warnings about readings a user may not have
/// meant, and where the next statement starts after a `;`.
public struct ParseNotes: Sendable {
    /// The warnings, nil while there are none: an everyday line makes no array.
    var found: [Diagnostic]?
    /// The byte offset just after the `;` that ended the statement, if one did.
    public var nextStatement: Int?

    public init() {}

    /// Positioned warnings, in the order found; the line still runs.
    public var warnings: [Diagnostic] { found ?? [] }

    /// Adds a warning.
    mutating func warn(_ warning: Diagnostic) {
        if found == nil { found = [] }
        found!.append(warning)
    }
}

/// The forms other calculators accept: products written side by side (`2x`, `2(3+4)`), calls
/// without parentheses (`sqrt 2`), `!!`, and the warnings where another common reading of
/// what was typed differs from Tally's.
extension Parser {
    /// The operand at the current token (a name, `(` or a call) times the operand before it,
    /// which covers `left`: `2x`, `2 pi`, `2(3+4)`, `(a)(b)`, `3 sqrt(2)`, `kg m`. It binds
    /// tighter than `*` and `/` and looser than `^` (``Precedence/juxtaposition``). After a power
    /// as written (`x^2y`) a warning names the other reading.
    mutating func juxtaposition(after left: SourceSpan) throws(Diagnostic) -> SourceSpan {
        let token = current
        if case .name = token.kind, case .leadingOperator? = Parser.builtInNames.value(for: lexer.bytes(of: token.span))
        {
            throw missingOperator(before: token)
        }
        if case .name = token.kind, lexer.text(of: token.span) == "in", nextStartsUnit() {
            // `5 m in ft`: fend's conversion word, but here the inch.
            noted.notes.warn(
                Diagnostic.inchNotConversion(at: token.span))
        }
        // The first product at this depth within this operand is the one a warning names.
        if juxtaposed.depth != Int32(depth) || Int(juxtaposed.at) < left.start {
            juxtaposed = (Int32(depth), Int32(token.span.start))
        }
        let right = try expression(Precedence.juxtaposition.tighter)
        code.instructions.append(.binary(.multiply, operatorSpan: SourceSpan(at: token.span.start)))
        return left.union(right)
    }

    /// After `left operator right`: `1/2x` and `6/2(1+2)` (a product written side by side as the
    /// divisor) are read whole, and `x^2y` as `(x^2)y`, where other calculators differ: a
    /// warning names the other reading.
    @inline(never)
    mutating func noteJuxtaposition(
        after operation: BinaryOperator, operator token: Token, left: SourceSpan, right: SourceSpan
    ) {
        if operation == .power {
            // `x^2y`: the exponent is followed by a factor at the level of the power's base.
            guard Parser.startsFactor(current, in: lexer) else { return }
            var probe = lexer
            let factorStart = current.span.start
            var factorEnd = current.span.end
            if case .leftParenthesis = current.kind {
                var nesting = 1
                while nesting > 0, let next = probe.nextReadable() {
                    if case .leftParenthesis = next.kind { nesting += 1 }
                    if case .rightParenthesis = next.kind { nesting -= 1 }
                    if case .end = next.kind { break }
                    factorEnd = next.span.end
                }
            }
            let base = lexer.text(of: left)
            let exponent = lexer.text(of: right)
            let factor = lexer.text(of: SourceSpan(start: factorStart, end: factorEnd))
            noted.notes.warn(
                Diagnostic.powerBeforeProduct(
                    base: base, exponent: exponent, factor: factor,
                    at: left.union(SourceSpan(start: factorStart, end: factorEnd))))
            return
        }
        guard juxtaposed.depth == Int32(depth + 1), Int(juxtaposed.at) > right.start, Int(juxtaposed.at) < right.end
        else { return }
        noteJuxtaposedDivisor(operator: token, left: left, right: right, secondFactor: Int(juxtaposed.at))
    }

    /// Whether a token of `kind` starts a factor written side by side: a name that is no
    /// operator word, or `(`.
    static func startsFactor(_ token: Token, in lexer: Lexer) -> Bool {
        switch token.kind {
        case .leftParenthesis: return true
        case .name: return OperatorTable.trailing(word: lexer.text(of: token.span)) == nil
        default: return false
        }
    }

    /// `1/2x`, `6/2(1+2)`: a product written side by side as the right operand of `/` is read
    /// whole, as other calculators differ on it: a warning names the other reading.
    mutating func noteJuxtaposedDivisor(operator token: Token, left: SourceSpan, right: SourceSpan, secondFactor: Int) {
        let dividend = lexer.text(of: left)
        let divisor = lexer.text(of: right)
        let first = lexer.text(of: SourceSpan(start: right.start, end: secondFactor)).trimmingTrailingSpaces
        let rest = lexer.text(of: SourceSpan(start: secondFactor, end: right.end))
        // A word (`mod`) keeps its spaces: `(7mod2)` would not read back.
        let written = lexer.text(of: token.span)
        let symbol = written.first?.isLetter == true ? " \(written) " : written
        noted.notes.warn(
            Diagnostic.productAsDivisor(
                dividend, symbol: symbol, divisor: divisor, first: first, rest: rest, at: right))
    }

    /// `16#ff`: a `#` written against a number starts a comment, which is probably not what
    /// was meant.
    mutating func noteCommentAgainstNumber() {
        guard case .number? = previous?.kind, lexer.bytes[current.span.start] == UInt8(ascii: "#"),
            let previous
        else { return }
        let number = lexer.text(of: previous.span)
        let comment = lexer.text(of: SourceSpan(start: current.span.start, end: lexer.bytes.count))
        let digits = comment.dropFirst().prefix { $0.isLetter || $0.isNumber }
        noted.notes.warn(
            Diagnostic.commentAfterNumber(
                number, digits: digits, at: SourceSpan(start: current.span.start, end: current.span.start + 1)))
    }

    /// `1,234`: one group of three digits after a comma is read as grouping (1234), and some
    /// calculators write a decimal comma so: a warning names the other reading.
    @inline(never)
    mutating func noteOneCommaGroup(_ token: Token) {
        noted.notes.warn(Diagnostic.oneCommaGroup(lexer.text(of: token.span), at: token.span))
    }

    /// At a `,` (the current token) written between digits (`1,5`, `max(1,234)`): the number
    /// against it on the left and the run of digits against it on the right; nil when no
    /// number and digit touch it.
    func digitsAroundComma() -> (number: SourceSpan, digits: SourceSpan)? {
        let comma = current.span
        guard case .number? = previous?.kind, let previous, previous.span.end == comma.start,
            comma.end < lexer.bytes.count, isDigit(lexer.bytes[comma.end])
        else { return nil }
        var end = comma.end
        while end < lexer.bytes.count && isDigit(lexer.bytes[end]) { end += 1 }
        return (previous.span, SourceSpan(start: comma.end, end: end))
    }

    /// `,` outside a call's parentheses: digits grouped some other way than in threes, or a
    /// decimal comma (`1,5`).
    func commaOutsideCall() -> Diagnostic {
        let digits = digitsAroundComma().map { (before: lexer.text(of: $0.number), after: lexer.text(of: $0.digits)) }
        return Diagnostic.commaOutsideCall(digits: digits, at: current.span)
    }

    /// `n!!`, the current token being the second `!` (the first is `first`): written against
    /// the first it is the double factorial; `5! !` could mean either and is an error.
    mutating func doubleFactorial(first: Token) throws(Diagnostic) -> SourceSpan {
        let second = current
        guard second.span.start == first.span.end else {
            throw Diagnostic.ambiguousFactorial(at: first.span.union(second.span))
        }
        try advance()
        return first.span.union(second.span)
    }

    /// Whether the current token, after the name of a function written without `(`, starts its
    /// argument: a number, a name that is no operator word, or a sign written against what it
    /// signs after a space (`abs -3`, but not `abs - 3`).
    func startsBareArgument(afterName name: SourceSpan) -> Bool {
        switch current.kind {
        case .number:
            return true
        case .name:
            return OperatorTable.trailing(word: lexer.text(of: current.span)) == nil
        case .operator(.minus), .operator(.plus):
            // After a space (`abs -3`), or right after `√` or `∛` (`∛-8`).
            let afterSymbol = lexer.bytes[name.start] == 0xE2
            guard current.span.start > name.end || afterSymbol, current.span.end < lexer.bytes.count else {
                return false
            }
            let next = lexer.bytes[current.span.end]
            return isDigit(next) || isASCIILetter(next) || next == UInt8(ascii: "(") || next == UInt8(ascii: ".")
                || next >= 0x80
        default:
            return false
        }
    }
}

extension StringProtocol {
    /// The text without the spaces at its end.
    var trimmingTrailingSpaces: String {
        var text = String(self)
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}

/// What a parse needs only now and then, kept apart so that an everyday line's parser stays
/// small: the session's functions (for `f 3`) and the notes the parse leaves.
final class ParseExtras {
    let functions: FunctionTable?
    /// The session's variables named as units are (`m = 5`): after a number such a name is the
    /// variable, with a warning, not the unit.
    let shadowedUnits: Set<String>
    var notes = ParseNotes()
    /// Where the last call whose arguments `;` separated starts (SpeedCrunch's way), if any.
    var semicolonCall: Int?

    init(functions: FunctionTable?, shadowedUnits: Set<String> = []) {
        self.functions = functions
        self.shadowedUnits = shadowedUnits
    }
}

extension Parser {
    /// The extras, made when first needed, for writing notes.
    var noted: ParseExtras {
        mutating get {
            if let extras { return extras }
            let made = ParseExtras(functions: nil)
            extras = made
            return made
        }
    }

    /// A foot or inch mark stands only after a number (`5'9"`): anywhere else it is the
    /// character it always was.
    @inline(never)
    func checkNotMark(_ token: Token) throws(Diagnostic) {
        let text = lexer.text(of: token.span)
        if UnitTable.marks[text] != nil {
            throw Diagnostic.unexpectedCharacter(text, at: token.span)
        }
    }

    /// What a name means as a built-in, in any letter case (`SIN`, `Pi`): its own spelling
    /// first, then in lower case.
    func builtInMeaning(of token: Token) -> BuiltInName? {
        let bytes = lexer.bytes(of: token.span)
        if let meaning = Parser.builtInNames.value(for: bytes) { return meaning }
        guard bytes.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return nil }
        var lowered = Array(bytes)
        for index in lowered.indices where lowered[index] >= UInt8(ascii: "A") && lowered[index] <= UInt8(ascii: "Z") {
            lowered[index] |= 0x20
        }
        return lowered.withUnsafeBufferPointer { Parser.builtInNames.value(for: $0) }
    }

    /// Whether `token` names a function — a built-in one, or the session's — rather than a
    /// value: after the argument of a call without parentheses it starts a factor of its own.
    func namesFunction(_ token: Token) -> Bool {
        if case .function? = builtInMeaning(of: token) { return true }
        let name = lexer.text(of: token.span)
        guard parameters?[name] == nil, let entry = extras?.functions?.entry(named: name) else { return false }
        return entry.isFunction
    }

    /// A call without parentheses of the function named by `token` (the current token being
    /// what follows the name), when the name is a function of one argument and an argument
    /// follows: `sqrt 2`, `ln 10 + 1`, `f 3` for a user function defined by then. Nil when the
    /// name is not called this way.
    mutating func bareCall(_ token: Token, meaning: BuiltInName?) throws(Diagnostic) -> SourceSpan? {
        guard startsBareArgument(afterName: token.span) else { return nil }
        let span: SourceSpan
        if case .function(let function, let arity, let evaluation)? = meaning {
            guard evaluation != .conditional, arity.accepts(1), !arity.isVariadic else {
                let name = lexer.text(of: token.span)
                throw Diagnostic.parenthesesNeeded(
                    name, takes: arity.description, usage: FunctionTable.builtIn.entries[function].usage, at: token.span
                )
            }
            span = try builtInCall(function, arity: arity, nameSpan: token.span, list: .bare)
        } else {
            let name = lexer.text(of: token.span)
            guard parameters?[name] == nil, let entry = extras?.functions?.entry(named: name),
                case .user(let function) = entry.kind,
                function.parameters.count == 1
            else { return nil }
            span = try call(name, nameSpan: token.span, list: .bare)
        }
        noteBareArgumentBeforeDivision(call: span, nameSpan: token.span)
        return span
    }
}
