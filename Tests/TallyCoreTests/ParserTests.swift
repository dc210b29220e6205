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
        ("3!!", "3 ! !"),
        ("7 // 2 % 3", "7 2 // 3 %"),
        ("6 × 7 ÷ 2 − 1", "6 7 * 2 / 1 -"),
        ("1.5 * .25", "1.5 0.25 *"),
        ("max(1, 2)", "check:max/2 1 2 call:max/2"),
        ("sqrt (4)", "check:sqrt/1 4 call:sqrt/1"),
        ("f()", "check:f/0 call:f/0"),
        ("abs(-x) + 1", "check:abs/1 x neg call:abs/1 1 +"),
        ("123456789012345678901234567890", "123456789012345678901234567890"),
        ("0xFFFFFFFFFFFFFFFFFF", "FFFFFFFFFFFFFFFFFF_base16"),
        ("1.5e300", "15e299"),
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
