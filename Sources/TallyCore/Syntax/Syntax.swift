/// An expression tree. Every node knows the span of source it came from, so the evaluator can
/// point at the exact subexpression that failed.
///
/// Only the cases that contain expressions are `indirect`: leaves (numbers and names, most of
/// the nodes of a typical line) are stored inline, so building and freeing them allocates nothing.
public enum Expression: Sendable {
    case number(NumberLiteral, span: SourceSpan)
    case variable(String, span: SourceSpan)
    /// `( inner )`; the span includes the parentheses.
    indirect case group(Expression, span: SourceSpan)
    indirect case prefix(PrefixOperator, operand: Expression, operatorSpan: SourceSpan)
    indirect case postfix(PostfixOperator, operand: Expression, operatorSpan: SourceSpan)
    /// `base ^ exponent` (right-associative).
    indirect case power(base: Expression, exponent: Expression, operatorSpan: SourceSpan)
    /// A left-associative run of one precedence level, `a + b - c`, kept flat so that a line
    /// of ten thousand terms is a loop, not ten thousand nested frames.
    indirect case chain(first: Expression, rest: [ChainLink])
    indirect case call(name: String, nameSpan: SourceSpan, arguments: [Expression], span: SourceSpan)

    /// The source this expression covers.
    public var span: SourceSpan {
        switch self {
        case .number(_, let span), .variable(_, let span), .group(_, let span), .call(_, _, _, let span):
            return span
        case .prefix(_, let operand, let operatorSpan):
            return operatorSpan.union(operand.span)
        case .postfix(_, let operand, let operatorSpan):
            return operand.span.union(operatorSpan)
        case .power(let base, let exponent, _):
            return base.span.union(exponent.span)
        case .chain(let first, let rest):
            return rest.last.map { first.span.union($0.operand.span) } ?? first.span
        }
    }
}

/// One `operator operand` step of a ``Expression/chain(first:rest:)``.
public struct ChainLink: Sendable {
    public var operation: InfixOperator
    public var operatorSpan: SourceSpan
    public var operand: Expression
}

/// Left-associative binary operators.
public enum InfixOperator: String, Sendable, CaseIterable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case floorDivide = "//"
    case modulo = "%"

    /// How tightly the operator binds.
    public var precedence: Precedence {
        switch self {
        case .add, .subtract: return .additive
        case .multiply, .divide, .floorDivide, .modulo: return .multiplicative
        }
    }
}

/// `-x`, `+x`.
public enum PrefixOperator: String, Sendable {
    case negate = "-"
    case plus = "+"
}

/// `x!`.
public enum PostfixOperator: String, Sendable {
    case factorial = "!"
}

/// A whole line of the expression language (commands are routed before this, by the shell).
public enum Statement: Sendable {
    /// A blank line or a line that is only a comment.
    case empty
    case expression(Expression)
    case assignment(name: String, nameSpan: SourceSpan, value: Expression)
}
