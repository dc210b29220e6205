import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyCore

/// Every error case of docs/diagnostics.md: the message and exactly the span it covers (marked ⟨…⟩).
@Suite struct DiagnosticPositionTests {
    @Test(arguments: [
        ("⟨007⟩", "leading zeros are not allowed; write 7, or 0o7 for octal"),
        ("1 + ⟨05⟩", "leading zeros are not allowed; write 5, or 0o5 for octal"),
        ("1 + ⟨*⟩ 2", "expected a number, name or '(' after '+', found '*'"),
        ("1 * ⟨/⟩ 2", "expected a number, name or '(' after '*', found '/'"),
        ("1 +⟨⟩", "expected a number, name or '(' after '+', found the end of the line"),
        ("1 +⟨⟩   # comment", "expected a number, name or '(' after '+', found the end of the line"),
        ("⟨(⟩1 + 2", "this '(' is never closed"),
        ("1 + 2⟨)⟩", "unmatched ')'"),
        ("10 / ⟨0⟩", "division by zero"),
        ("10 % ⟨0⟩", "modulo by zero"),
        ("10 // ⟨(2-2)⟩", "division by zero"),
        ("10 / ⟨(5 - 5)⟩", "division by zero"),
        ("⟨0^-1⟩", "zero cannot be raised to a negative power"),
        ("1 ⟨$⟩ 2", "unexpected character '$'"),
        ("sqrt(⟨-4⟩)", "square root of a negative number"),
        (
            "⟨(-8)^(1/2)⟩",
            "a negative number to this power has no real value (that needs an exponent with an odd denominator, like 1/3)"
        ),
        ("⟨2.5⟩!!", "the double factorial needs a non-negative integer, got 2.5"),
        ("⟨(-1)⟩!", "factorial needs a non-negative integer, got -1"),
        ("⟨fooo⟩ + 1", "unknown name 'fooo'; did you mean 'foot'?"),
        ("2 ⟨⟩3", "missing operator between '2' and '3'"),
        ("x ⟨⟩2", "missing operator between 'x' and '2'"),
        ("2 ⟨⟩3", "missing operator between '2' and '3'"),
        ("⟨1.2.3⟩", "malformed number '1.2.3': more than one decimal point"),
        (
            "⟨2.5e-3.5⟩",
            "malformed number '2.5e-3.5': the exponent after 'e' is a whole number; for a fractional power of ten write 2.5 * 10^-3.5"
        ),
        (
            "2 + ⟨1e5.5⟩ * 3",
            "malformed number '1e5.5': the exponent after 'e' is a whole number; for a fractional power of ten write 1 * 10^5.5"
        ),
        ("⟨1__0⟩", "malformed number '1__0': '_' must stand between digits"),
        ("⟨1_⟩", "malformed number '1_': '_' must stand between digits"),
        ("⟨0x⟩", "malformed number '0x': expected hexadecimal digits after the prefix"),
        ("⟨0b102⟩", "'2' is not a binary digit in '0b102'"),
        ("⟨1_⟩", "malformed number '1_': '_' must stand between digits"),
        ("⟨sqr⟩(2)", "unknown function 'sqr'; did you mean 'sqrt'?"),
        ("⟨sqrt(1, 2)⟩", "sqrt takes 1 argument, but 2 were given"),
        ("⟨root(8)⟩", "root takes 2 arguments, but 1 was given"),
        (
            "2^⟨2^2^30⟩",
            "result would have about 323,228,497 digits, more than the limit of 1,000,000 (set maxdigits N)"
        ),
        (
            "⟨100000000!⟩",
            "result would have about 756,570,557 digits, more than the limit of 1,000,000 (set maxdigits N)"
        ),
        (
            "⟨10^-10^9⟩",
            "result would have about 1,000,000,001 digits, more than the limit of 1,000,000 (set maxdigits N)"
        ),
        (
            "⟨1e999999999⟩",
            "result would have about 1,000,000,000 digits, more than the limit of 1,000,000 (set maxdigits N)"
        ),
        ("1 + ⟨값⟩", "unknown name '값'"),
        ("⟨sqrt⟩ = 2", "cannot assign to 'sqrt': it is a built-in function"),
        ("⟨ans⟩ = 2", "cannot assign to 'ans': it is the last result"),
        ("⟨ans⟩", "'ans' has no value yet: it holds the last result"),
        ("⟨()⟩", "empty parentheses: expected an expression inside"),
        ("1 ⟨,⟩ 2", "unexpected ',' outside a function call"),
        ("⟨1.5⟩!!", "the double factorial needs a non-negative integer, got 1.5"),
        ("gcd(⟨1.5⟩, 2)", "gcd needs integers, got 1.5"),
        ("root(8, ⟨0⟩)", "the root's degree must be a whole number from 1 to 1,048,576"),
        ("(1 + 2⟨,⟩ 3)", "expected ')' to close the '(' at column 1, found ','"),
    ])
    func pointsAtTheProblem(_ marked: String, _ message: String) {
        let line = MarkedLine(marked)
        let found = diagnostic(of: line.text)
        // A note reads after its message, as the renderer shows it: "…; did you mean 'sqrt'?".
        #expect(
            found.map { ([$0.message] + $0.notes.map(\.message)).joined(separator: "; ") } == message, "\(line.text)")
        #expect(found?.span == line.span, "\(line.text)")
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        for line in [
            String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000),
            String(repeating: "-", count: 100_000) + "1",
            "2" + String(repeating: "^2", count: 10_000),
            String(repeating: "abs(", count: 10_000) + "1" + String(repeating: ")", count: 10_000),
            "3" + String(repeating: "!", count: 10_000),
        ] {
            let found = diagnostic(of: line)
            #expect(found?.message == "nesting deeper than 256 levels")
        }
    }

    @Test func nestingUpToTheLimitWorks() throws {
        let line = String(repeating: "(", count: 255) + "1" + String(repeating: ")", count: 255)
        #expect(try evaluate([line]) == "1")
    }

    @Test func signAfterOperatorIsUnary() throws {
        #expect(try evaluate(["1 - -2"]) == "3")
        #expect(try evaluate(["1 * -2"]) == "-2")
        #expect(try evaluate(["2 ^ -2"]) == "0.25")
    }
}
