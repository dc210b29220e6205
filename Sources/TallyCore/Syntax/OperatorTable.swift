import TallyDiagnostics

/// Binding power of the operators, loosest first. `Grammar/tally.ebnf` lists the same levels
/// with the same operators, and a test holds the two together.
public enum Precedence: Int, Sendable, Comparable, CaseIterable {
    /// `to`: how the whole line's value is shown (`255 to hex`); loosest, at the end of a line.
    case conversion
    /// `or`, short-circuit.
    case or
    /// `and`, short-circuit.
    case and
    /// Prefix `not`: looser than comparisons, so `not a < b` is `not (a < b)`.
    case not
    /// `< <= > >= == !=` (also `≤ ≥ ≠`), chained as in Python: `1 < x < 3`.
    case comparison
    /// Bitwise `|`, as in Python.
    case bitOr
    /// Bitwise `xor`.
    case bitXor
    /// Bitwise `&`.
    case bitAnd
    /// `<<` and `>>`.
    case shift
    /// Binary `+ -`.
    case additive
    /// Binary `* / // % mod of` (also `×` `÷`).
    case multiplicative
    /// Two operands side by side, multiplied: `2x`, `2 pi`, `2(3+4)`, `kg m`. Tighter than `*`
    /// and `/` (`1/2x` is `1/(2x)`, with a warning), looser than `^` (`2x^2` is `2·x²`).
    case juxtaposition
    /// Prefix `- + ~` (also `−`): looser than `^`, so `-2^2` is `-4`.
    case prefix
    /// `^` and `**`, right-associative.
    case power
    /// Postfix `!`, `°` and `%` (a percentage).
    case postfix

    public static func < (lhs: Precedence, rhs: Precedence) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The level of a whole expression (an argument, a parenthesised group, a line).
    @inline(__always)
    public static var loosest: Precedence { Precedence(rawValue: 0)! }

    /// The next tighter level (the operand level of a left-associative operator).
    var tighter: Precedence { Precedence(rawValue: rawValue + 1) ?? .postfix }

    /// The operators at this level as the grammar writes them, and how they associate.
    public var table: (operators: [String], associativity: String) {
        // Juxtaposition has no symbol: the grammar writes it as two operands side by side.
        if self == .juxtaposition { return (["(side-by-side)"], "left") }
        let rows = OperatorTable.all.filter { $0.precedence == self }
        return (rows.flatMap(\.spellings), rows.first.map { "\($0.associativity)" } ?? "")
    }
}

/// How operators of one level group: `a - b - c` is `(a - b) - c` (left), `2^3^2` is `2^(3^2)`
/// (right); prefix and postfix operators apply to one operand.
public enum Associativity: String, Sendable, CustomStringConvertible {
    /// Comparisons: `a < b < c` is `a < b and b < c`.
    case chained
    case left, right, prefix, postfix

    public var description: String { rawValue }
}

/// The symbols the lexer reads as operators, whatever their spelling.
public enum OperatorSymbol: UInt8, Sendable, CaseIterable {
    case plus, minus, star, slash, doubleSlash, percent, caret, bang, degree
    case less, lessEqual, greater, greaterEqual, equal, notEqual
    case ampersand, pipe, tilde, shiftLeft, shiftRight

    /// Every way to write the symbol, as typed.
    public var spellings: [String] {
        switch self {
        case .plus: return ["+"]
        case .minus: return ["-", "−"]
        case .star: return ["*", "×"]
        case .slash: return ["/", "÷"]
        case .doubleSlash: return ["//"]
        case .percent: return ["%"]
        case .caret: return ["^", "**"]
        case .bang: return ["!"]
        case .degree: return ["°"]
        case .less: return ["<"]
        case .lessEqual: return ["<=", "≤"]
        case .greater: return [">"]
        case .greaterEqual: return [">=", "≥"]
        case .equal: return ["=="]
        case .notEqual: return ["!=", "≠"]
        case .ampersand: return ["&"]
        case .pipe: return ["|"]
        case .tilde: return ["~"]
        case .shiftLeft: return ["<<"]
        case .shiftRight: return [">>"]
        }
    }
}

/// How an operator is written: a symbol, or a word such as `mod` or `to` (a name in operator
/// position).
public enum OperatorToken: Sendable, Equatable {
    case symbol(OperatorSymbol)
    case word(String)
}

/// Operators with two operands.
public enum BinaryOperator: String, Sendable, CaseIterable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case floorDivide = "//"
    case modulo = "%"
    case power = "^"
    /// `x + p%`: x increased by the percentage p of itself (`80 + 15%` is 92).
    case addPercentage = "+%"
    /// `x - p%`: x decreased by the percentage p of itself (`80 - 20%` is 64).
    case subtractPercentage = "-%"
    case bitAnd = "&"
    case bitOr = "|"
    case bitXor = "xor"
    case shiftLeft = "<<"
    case shiftRight = ">>"
}

/// Operators before their operand: `-x`, `+x`, `not t`.
public enum PrefixOperator: String, Sendable, CaseIterable {
    case negate = "-"
    case plus = "+"
    case not = "not"
    /// Bitwise complement, `~x` = `-x - 1` as in Python.
    case complement = "~"
}

/// The comparisons, which chain: `a < b <= c` is `a < b and b <= c`, with `b` evaluated once.
public enum Comparison: String, Sendable, CaseIterable {
    case less = "<"
    case lessEqual = "<="
    case greater = ">"
    case greaterEqual = ">="
    case equal = "=="
    case notEqual = "!="

    /// Whether two values in `order` (-1, 0, 1: left below, equal to, above right) satisfy it.
    @inline(__always)
    func holds(forOrder order: Int) -> Bool {
        switch self {
        case .less: return order < 0
        case .lessEqual: return order <= 0
        case .greater: return order > 0
        case .greaterEqual: return order >= 0
        case .equal: return order == 0
        case .notEqual: return order != 0
        }
    }

    /// Whether the comparison asks only for equality, which truth values also answer.
    var isEquality: Bool { self == .equal || self == .notEqual }
}

/// `and` and `or`: the right operand is evaluated only when the left one does not decide.
public enum LogicalOperator: String, Sendable, CaseIterable {
    case and, or
}

/// Operators after their operand: `x!`, `30°`.
public enum PostfixOperator: String, Sendable, CaseIterable {
    case factorial = "!"
    /// An angle in degrees, converted to the unit of `set angle`.
    case degrees = "°"
    /// A percentage: `15%` is 0.15. A `%` with an operand after it is the remainder instead.
    case percent = "%"
    /// The double factorial `n!!` = n·(n−2)·(n−4)·…, written `!!` with nothing between.
    case doubleFactorial = "!!"
}

/// What an operator means once read: what it computes, how tightly it binds and how it
/// associates. Plain values only, so the parser copies one for free.
public struct OperatorBinding: Sendable {
    /// What the operator does once parsed.
    public enum Operation: Sendable {
        case binary(BinaryOperator)
        case prefix(PrefixOperator)
        case postfix(PostfixOperator)
        /// `to`: the rest of the line says how to show the value (``Conversion``).
        case conversion
        case comparison(Comparison)
        case logical(LogicalOperator)
    }

    public let operation: Operation
    public let precedence: Precedence
    public let associativity: Associativity
}

/// One row of the operator table: how an operator is written and what it means.
public struct OperatorDefinition: Sendable {
    public let token: OperatorToken
    public let binding: OperatorBinding

    public var precedence: Precedence { binding.precedence }
    public var associativity: Associativity { binding.associativity }

    /// How the grammar writes the operator: each spelling of its symbol, or its word.
    public var spellings: [String] {
        switch token {
        case .symbol(let symbol): return symbol.spellings
        case .word(let word): return [word]
        }
    }
}

/// The language's operators, as data: the Pratt parser asks this table what a token means
/// after an operand (binary or postfix) or before one (prefix), and how tightly it binds. A new
/// operator — a symbol or a keyword such as `mod` — is one row here plus its evaluation.
public enum OperatorTable {
    /// Every operator, loosest level first.
    public static let all: [OperatorDefinition] = [
        word("to", .conversion, .conversion, .left),
        // Other calculators' spellings of `to`: `5 km as m`, `5 km -> m`, `5 km → m`.
        word("as", .conversion, .conversion, .left),
        word("->", .conversion, .conversion, .left),
        word("→", .conversion, .conversion, .left),
        word("or", .logical(.or), .or, .left),
        word("and", .logical(.and), .and, .left),
        word("not", .prefix(.not), .not, .prefix),
        row(.less, .comparison(.less), .comparison, .chained),
        row(.lessEqual, .comparison(.lessEqual), .comparison, .chained),
        row(.greater, .comparison(.greater), .comparison, .chained),
        row(.greaterEqual, .comparison(.greaterEqual), .comparison, .chained),
        row(.equal, .comparison(.equal), .comparison, .chained),
        row(.notEqual, .comparison(.notEqual), .comparison, .chained),
        row(.pipe, .binary(.bitOr), .bitOr, .left),
        word("xor", .binary(.bitXor), .bitXor, .left),
        row(.ampersand, .binary(.bitAnd), .bitAnd, .left),
        row(.shiftLeft, .binary(.shiftLeft), .shift, .left),
        row(.shiftRight, .binary(.shiftRight), .shift, .left),
        row(.plus, .binary(.add), .additive, .left),
        row(.minus, .binary(.subtract), .additive, .left),
        row(.star, .binary(.multiply), .multiplicative, .left),
        row(.slash, .binary(.divide), .multiplicative, .left),
        row(.doubleSlash, .binary(.floorDivide), .multiplicative, .left),
        row(.percent, .binary(.modulo), .multiplicative, .left),
        word("mod", .binary(.modulo), .multiplicative, .left),
        word("of", .binary(.multiply), .multiplicative, .left),
        row(.minus, .prefix(.negate), .prefix, .prefix),
        row(.plus, .prefix(.plus), .prefix, .prefix),
        row(.tilde, .prefix(.complement), .prefix, .prefix),
        row(.caret, .binary(.power), .power, .right),
        row(.bang, .postfix(.factorial), .postfix, .postfix),
        row(.degree, .postfix(.degrees), .postfix, .postfix),
        // After an operand `%` is the remainder above; with no operand after it, the parser
        // reads it as this percentage (``percentage``).
        row(.percent, .postfix(.percent), .postfix, .postfix),
    ]

    /// What a `%` with no operand after it means: a percentage.
    static let percentage = OperatorBinding(
        operation: .postfix(.percent), precedence: .postfix, associativity: .postfix)

    private static func row(
        _ symbol: OperatorSymbol, _ operation: OperatorBinding.Operation, _ precedence: Precedence,
        _ associativity: Associativity
    ) -> OperatorDefinition {
        OperatorDefinition(
            token: .symbol(symbol),
            binding: OperatorBinding(operation: operation, precedence: precedence, associativity: associativity))
    }

    private static func word(
        _ word: String, _ operation: OperatorBinding.Operation, _ precedence: Precedence,
        _ associativity: Associativity
    ) -> OperatorDefinition {
        OperatorDefinition(
            token: .word(word),
            binding: OperatorBinding(operation: operation, precedence: precedence, associativity: associativity))
    }

    /// The words that are operators (`and`, `or`, `not`, `to`, `xor`, `mod`, `of`): they cannot
    /// name variables.
    public static let reservedWords: Set<String> = Set(
        all.compactMap { row in
            if case .word(let word) = row.token { return word }
            return nil
        })

    /// What each symbol means, indexed by ``index(of:leading:)``: after an operand (binary or
    /// postfix) and before one (prefix); nil where it cannot stand. The parser keeps a copy for
    /// the line it reads.
    static let bySymbol: [OperatorBinding?] = table { !$0.isPrefix } + table { $0.isPrefix }
    /// ``bySymbol`` in storage of its own that is never freed, for the parser to index without
    /// reference counting.
    nonisolated(unsafe) static let bindings: UnsafePointer<OperatorBinding?> = {
        let storage = UnsafeMutablePointer<OperatorBinding?>.allocate(capacity: bySymbol.count)
        storage.initialize(from: bySymbol, count: bySymbol.count)
        return UnsafePointer(storage)
    }()

    /// Where `symbol`'s meaning before (`leading`) or after an operand is in ``bySymbol``.
    @inline(__always)
    static func index(of symbol: OperatorSymbol, leading: Bool) -> Int {
        Int(symbol.rawValue) + (leading ? OperatorSymbol.allCases.count : 0)
    }
    /// Keyword operators after an operand, with their words. A handful, so a scan comparing
    /// short strings beats hashing every name the parser meets.
    private static let trailingByWord: [(String, OperatorBinding)] = words { !$0.isPrefix }
    /// Keyword operators before an operand, with their words: the parser finds them among the
    /// built-in names (``Parser/builtInNames``), by a name's bytes.
    static let leadingByWord: [(String, OperatorBinding)] = words { $0.isPrefix }

    /// What `symbol` means after an operand; nil when it cannot stand there.
    public static func trailing(_ symbol: OperatorSymbol) -> OperatorBinding? {
        bySymbol[index(of: symbol, leading: false)]
    }

    /// What `symbol` means before an operand; nil when it cannot start one.
    public static func leading(_ symbol: OperatorSymbol) -> OperatorBinding? {
        bySymbol[index(of: symbol, leading: true)]
    }

    /// The keyword operator `word` makes after an operand, if it is one.
    static func trailing(word: String) -> OperatorBinding? {
        for (candidate, binding) in trailingByWord where candidate == word { return binding }
        return nil
    }

    private static func table(_ include: (OperatorBinding) -> Bool) -> [OperatorBinding?] {
        var table = [OperatorBinding?](repeating: nil, count: OperatorSymbol.allCases.count)
        for definition in all where include(definition.binding) {
            guard case .symbol(let symbol) = definition.token else { continue }
            // The percentage shares `%` with the remainder; the parser picks it by what follows.
            if case .postfix(.percent) = definition.binding.operation { continue }
            precondition(table[Int(symbol.rawValue)] == nil, "two rows for one symbol in one position")
            table[Int(symbol.rawValue)] = definition.binding
        }
        return table
    }

    private static func words(_ include: (OperatorBinding) -> Bool) -> [(String, OperatorBinding)] {
        var table: [(String, OperatorBinding)] = []
        for definition in all where include(definition.binding) {
            if case .word(let word) = definition.token { table.append((word, definition.binding)) }
        }
        return table
    }
}

extension OperatorBinding {
    fileprivate var isPrefix: Bool {
        if case .prefix = operation { return true }
        return false
    }
}
