import TallyDiagnostics

/// A parsed expression as postfix code: the operands first, then the operation that combines
/// them — what a stack machine runs. Building it is appending to one array, running it is one
/// loop, and freeing it is one deallocation, whatever the shape or length of the line; a tree
/// of nodes cost an allocation per operator and recursion as deep as the line was long.
///
/// Each instruction carries the spans its errors need; the evaluator tracks the span of every
/// value on its stack, so a runtime error still points at the exact subexpression that failed.
public struct Code: Sendable {
    /// The instructions, in execution order. They hold only plain values (text lives in the
    /// tables below), so a line's code is freed in one step.
    public internal(set) var instructions: [Instruction] = []
    /// Literals that need more than a machine word, by ``Instruction/literal(_:_:)`` index.
    public internal(set) var literals: [NumberLiteral] {
        get { tables?.literals ?? [] }
        _modify { yield &uniqueTables().literals }
    }
    /// Variable and function names, by index.
    public internal(set) var names: [String] {
        get { tables?.names ?? [] }
        _modify { yield &uniqueTables().names }
    }
    /// Function calls, by index.
    public internal(set) var calls: [CallSite] {
        get { tables?.calls ?? [] }
        _modify { yield &uniqueTables().calls }
    }
    /// Units of quantities, by ``Instruction/unit(_:_:)`` index.
    public internal(set) var units: [CompoundUnit] {
        get { tables?.units ?? [] }
        _modify { yield &uniqueTables().units }
    }
    /// Sums and products over a bound variable, by ``Instruction/series(_:_:)`` index.
    public internal(set) var series: [Series] {
        get { tables?.series ?? [] }
        _modify { yield &uniqueTables().series }
    }
    /// The source the whole expression covers.
    public internal(set) var span = SourceSpan(at: 0)

    /// The tables, behind one reference that an everyday line — numbers and operators
    /// only — never allocates: its code is copied and freed as one array and one nil.
    private var tables: Tables?

    /// The tables, made on first use and copied before a change when shared (value semantics).
    private mutating func uniqueTables() -> Tables {
        if tables == nil {
            tables = Tables()
        } else if !isKnownUniquelyReferenced(&tables!) {
            tables = Tables(copying: tables!)
        }
        return tables!
    }

    /// Changed only through ``uniqueTables()``, when no other code shares it.
    ///
    /// Why `@unchecked Sendable` is sound: this is copy-on-write, as `Array` is. A `Code` sent
    /// to another thread shares its tables by reference, which raises their (atomic) reference
    /// count, so a change on either side finds them shared and copies them first; tables are
    /// changed in place only through the one `Code` that holds the only reference, which no
    /// other thread can be reading.
    private final class Tables: @unchecked Sendable {
        var literals: [NumberLiteral] = []
        var names: [String] = []
        var calls: [CallSite] = []
        var units: [CompoundUnit] = []
        var series: [Series] = []

        init() {}

        init(copying other: Tables) {
            literals = other.literals
            names = other.names
            calls = other.calls
            units = other.units
            series = other.series
        }
    }
}

/// One step of ``Code``.
public enum Instruction: Sendable {
    /// Pushes an integer that fits in a machine word.
    case integer(Int, SourceSpan)
    /// Pushes a decimal integer literal beyond `Int` that fits in a machine word without sign
    /// (`18446744073709551615`), read by the lexer: no text and no GMP parse.
    case unsigned(UInt, SourceSpan)
    /// Pushes `significand × 10^exponent`, exponent in -18...0.
    case smallDecimal(significand: Int, exponent: Int, SourceSpan)
    /// Pushes a date, time of day or date-time written as a literal.
    case calendar(CalendarValue, SourceSpan)
    /// Pushes ``Code/literals``[index].
    case literal(Int, SourceSpan)
    /// Pushes the value of the variable or constant named ``Code/names``[index].
    case name(Int, SourceSpan)
    /// Gives the value on top the span of its parentheses, `( … )`.
    case group(SourceSpan)
    /// Replaces the value on top by `-x` or `+x`.
    case prefix(PrefixOperator, operatorSpan: SourceSpan)
    /// Replaces the value on top by `x!`.
    case postfix(PostfixOperator, operatorSpan: SourceSpan)
    /// Replaces the two values on top by `lhs op rhs`.
    case binary(BinaryOperator, operatorSpan: SourceSpan)
    /// Replaces the three values on top, `a`, `b`, `m`, by `a^b % m`, computed by modular
    /// exponentiation when they are integers, so `a^b` is never built.
    case powerModulo(powerSpan: SourceSpan, operatorSpan: SourceSpan)
    /// Checks that ``Code/calls``[index] names a function and passes it the right number of
    /// arguments, before any argument is evaluated: in a function's body only (a line's calls
    /// are all checked before the line runs).
    case checkCall(Int)
    /// Replaces the `argumentCount` values on top (the arguments) by the result of calling
    /// `callee`: the one call instruction, for built-in and user functions alike. The span runs
    /// from the name to the closing parenthesis.
    case call(Callee, argumentCount: Int32, SourceSpan)
    /// Makes the plain number on top a quantity in ``Code/units``[index]: `5 km`, `(1+2) h`.
    /// The span is the unit's.
    case unit(Int, SourceSpan)
    /// Makes the plain number on top a quantity in one named unit standing alone,
    /// ``UnitTable/singles``[index] (`30 days`): a line whose one unit is a named unit needs no
    /// table of its own.
    case namedUnit(Int, SourceSpan)
    /// Pushes the argument a user function's call gave its parameter `index` (in a body).
    case parameter(Int, SourceSpan)
    /// Replaces the two values on top by whether `lhs op rhs` holds: the last (or only) link
    /// of a comparison chain.
    case compare(Comparison, operatorSpan: SourceSpan)
    /// A link of a chain before its last: replaces the two values on top by the right one when
    /// the comparison holds (the next link compares it), by `false` and a jump to `target`
    /// when it does not.
    case compareOrJump(Comparison, operatorSpan: SourceSpan, target: Int)
    /// Checks that the value on top is a truth value; jumps to `target`, keeping it, when it
    /// decides the operator (`false` for `and`, `true` for `or`); otherwise drops it.
    case testOrJump(LogicalOperator, target: Int)
    /// Checks that the value on top (the right operand of `and`/`or`) is a truth value, and
    /// gives it the span of the whole operation.
    case requireTruth(SourceSpan)
    /// Pops a truth value (the condition of `if`) and jumps to `target` when it is false.
    case jumpUnless(target: Int)
    /// Goes on at `target`.
    case jump(target: Int)
    /// Gives the value on top `span`: the span of a whole comparison chain or `if(…)`.
    case setSpan(SourceSpan)
    /// Replaces the two values on top, the bounds, by the sum or product of ``Code/series``[index]
    /// over the integers between them: `sum(k^2, k, 1, 100)`. The span is the whole call's.
    case series(Int, SourceSpan)
}

/// What a ``Instruction/call(_:argumentCount:_:)`` calls.
public enum Callee: Sendable, Equatable {
    /// The built-in function ``FunctionTable/builtIn``.entries[index]: built-in names cannot be
    /// redefined, so the parser resolved it and checked the count.
    case builtIn(Int32)
    /// The function ``Code/calls``[index] names, looked up when the call runs: a function
    /// defined in the session (perhaps after the body that calls it was compiled).
    case named(Int32)
}

/// Where a call of a name other than a built-in function stands (a function defined in the
/// session, or a name the check will report).
public struct CallSite: Sendable {
    public var name: String
    public var nameSpan: SourceSpan
    public var argumentCount: Int
    /// From the name to the closing parenthesis.
    public var span: SourceSpan
}

/// A whole line of the expression language (commands are routed before this, by the shell).
public enum Statement: Sendable {
    /// A blank line or a line that is only a comment.
    case empty
    /// An expression, and how the line asked to show its value (`… to hex`), if it did. The
    /// conversion stands beside the code, not in it, so that every line's code stays as small
    /// as the everyday line needs.
    case expression(Code, conversion: Conversion?)
    case assignment(name: String, nameSpan: SourceSpan, value: Code)
    /// `f(x, y) = body`: the body compiled once, its parameters read by position. Boxed, so
    /// that every other statement stays as small to copy as before.
    indirect case definition(FunctionDefinition)
}

extension Statement {
    /// The instructions of an expression statement; nil for any other statement.
    var expressionInstructions: [Instruction]? {
        if case .expression(let code, _) = self { return code.instructions }
        return nil
    }
}

/// A user function as written: `hyp(a, b) = sqrt(a^2 + b^2)`.
public struct FunctionDefinition: Sendable {
    public var name: String
    public var nameSpan: SourceSpan
    public var parameters: [String]
    public var parameterSpans: [SourceSpan]
    /// The body, in which ``Instruction/parameter(_:_:)`` reads the arguments.
    public var body: Code
    /// From the name to the end of the body.
    public var span: SourceSpan
}
