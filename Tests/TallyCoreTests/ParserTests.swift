import TallyDiagnostics
import Testing

@testable import TallyCore

/// The code the parser emits, read through the disassembler: precedence, associativity and
/// the order of checks, apart from arithmetic.
@Suite struct ParserTests {
    private func code(_ line: String) throws -> String {
        try Parser.parseExpression(line).disassembled
    }

    @Test(arguments: [
        ("2^3^2", "2 3 2 ^ ^"),
        ("2**3", "2 3 ^"),
        ("1 - 2 - 3", "1 2 - 3 -"),
        ("1 + 2 * 3", "1 2 3 * +"),
        ("(1 + 2) * 3", "1 2 + () 3 *"),
        ("-2^2", "2 2 ^ neg"),
        ("2^-1", "2 1 neg ^"),
        ("-x!", "x ! neg"),
        ("+3", "3 pos"),
        ("3!!", "3 !!"),
        ("(3!)!", "3 ! () !"),
        ("7 // 2 % 3", "7 2 // 3 %"),
        ("6 × 7 ÷ 2 − 1", "6 7 * 2 / 1 -"),
        ("1.5 * .25", "1.5 0.25 *"),
        ("max(1, 2)", "1 2 call:max/2"),
        ("sqrt (4)", "4 call:sqrt/1"),
        ("f()", "call:f/0"),
        ("abs(-x) + 1", "x neg call:abs/1 1 +"),
        ("123456789012345678901234567890", "123456789012345678901234567890"),
        ("0xFFFFFFFFFFFFFFFFFF", "FFFFFFFFFFFFFFFFFF_base16"),
        ("1.5e300", "15e299"),
        ("1 < 2", "1 2 <"),
        ("1 + 2 <= 3 * 4", "1 2 + 3 4 * <="),
        ("1 < x ≤ 3 != y", "1 x <?@7 3 <=?@7 y != span"),
        ("a and b or c", "a and?@3 b truth or?@6 c truth"),
        ("not a == b", "a b == not"),
        ("if(c, 1, 2)", "c unless@4 1 jump@5 2 span"),
        ("x ≠ 1", "x 1 !="),
        // A named unit alone is the table's own; any other unit is the line's.
        ("30 days", "30 [day]"),
        ("5 km/h", "5 [km/h]"),
        ("3 m^2 * 2", "3 [m^2] 2 *"),
        ("2 m²", "2 [m^2]"),
        ("5 ft 9 in", "5 [ft] 9 [in] +"),
        ("2 km * 3", "2 [km] 3 *"),
        ("20 °C", "20 [°C]"),
    ])
    func emitsPostfixCode(_ line: String, _ expected: String) throws {
        #expect(try code(line) == expected, "\(line)")
    }

    @Test func statementsAreEmptyExpressionsOrAssignments() throws {
        guard case .empty = try Parser.parseStatement("  # only a comment") else {
            Issue.record("not empty")
            return
        }
        guard case .assignment(let name, let nameSpan, let value) = try Parser.parseStatement("rate = 1 + 2") else {
            Issue.record("not an assignment")
            return
        }
        #expect(name == "rate")
        #expect(nameSpan == SourceSpan(start: 0, end: 4))
        #expect(value.disassembled == "1 2 +")
    }

    @Test func aDefinitionCompilesItsBodyWithParametersByPosition() throws {
        guard case .definition(let definition) = try Parser.parseStatement("hyp(a, b) = sqrt(a^2 + b^2) + c") else {
            Issue.record("not a definition")
            return
        }
        #expect(definition.name == "hyp")
        #expect(definition.parameters == ["a", "b"])
        #expect(definition.parameterSpans == [SourceSpan(start: 4, end: 5), SourceSpan(start: 7, end: 8)])
        #expect(definition.body.disassembled == "$0 2 ^ $1 2 ^ + call:sqrt/1 c +")
        #expect(definition.span == SourceSpan(start: 0, end: 31))
        // A call followed by a comparison is an expression, not a definition.
        guard case .expression = try Parser.parseStatement("f(x) == 2") else {
            Issue.record("not an expression")
            return
        }
    }

    @Test func aHugeParameterListIsBoundedLikeOperands() {
        let line = "f(" + (0...Parser.maximumOperands).map { "p\($0)" }.joined(separator: ", ") + ") = 1"
        #expect(throws: Diagnostic.self) { try Parser.parseStatement(line) }
    }

    @Test func theOperatorTableHasOneMeaningPerSymbolAndPosition() {
        for symbol in OperatorSymbol.allCases {
            let meanings = [OperatorTable.leading(symbol), OperatorTable.trailing(symbol)].compactMap { $0 }
            #expect(!meanings.isEmpty, "\(symbol) means nothing")
        }
        #expect(OperatorTable.leading(.star) == nil)
        #expect(OperatorTable.trailing(.bang)?.precedence == .postfix)
        #expect(OperatorTable.trailing(.caret)?.associativity == .right)
    }

    @Test(arguments: [
        ("2 3", DiagnosticID.missingOperator),
        ("1 +", .expectedOperand),
        ("(1", .unclosedParenthesis),
        ("1)", .unmatchedParenthesis),
        ("1 = 2", .misplacedAssignment),
        ("007", .leadingZeros),
        ("1 $ 2", .unexpectedCharacter),
    ])
    func syntaxErrorsHaveStableIdentifiers(_ line: String, _ id: DiagnosticID) {
        #expect(throws: Diagnostic.self) { try Parser.parseStatement(line) }
        do {
            _ = try Parser.parseStatement(line)
        } catch {
            #expect(error.id == id, "\(line)")
        }
    }
}
