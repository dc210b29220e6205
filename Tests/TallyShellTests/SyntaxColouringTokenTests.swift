import Testing

@testable import TallyShell

/// The colouring reads the line with the language's own lexer, so what it colours a number, an
/// operator or an error is what Enter reads as one — the other calculators' glyphs included.
struct SyntaxColouringTokenTests {
    static func coloured(_ text: String, _ colour: SyntaxColouring.Kind) -> String {
        "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m"
    }

    static func colour(_ line: String) -> String {
        SyntaxColouring(names: ["x", "sqrt"]).coloured(Array(line.utf8))
    }

    @Test(arguments: [
        ("6×7", ["6", "×", "7"]), ("8÷2", ["8", "÷", "2"]), ("5−3", ["5", "−", "3"]),
        ("1≤2", ["1", "≤", "2"]), ("2**3", ["2", "**", "3"]), ("x²", ["x", "²"]),
    ])
    func otherCalculatorsGlyphsAreColouredAsTheLexerReadsThem(line: String, tokens: [String]) {
        let shown = Self.colour(line)
        #expect(shown.contains(Self.coloured(tokens[0], tokens[0] == "x" ? .name : .number)), "\(shown)")
        #expect(shown.contains(Self.coloured(tokens[1], .operator)), "\(shown)")
        if tokens.count > 2 { #expect(shown.contains(Self.coloured(tokens[2], .number)), "\(shown)") }
    }

    @Test func whatTheLexerCannotReadIsRedAndTheRestStillColoured() {
        let shown = Self.colour("007 + 1 $ 2")
        #expect(shown.contains(Self.coloured("007", .unknown)), "\(shown)")
        #expect(shown.contains(Self.coloured("$", .unknown)), "\(shown)")
        #expect(shown.contains(Self.coloured("+", .operator)))
        #expect(shown.contains(Self.coloured("2", .number)))
    }

    @Test func unitMarksZonesAndCommentsReadAsTheLanguageReadsThem() {
        let marks = Self.colour("5'9\" to cm")
        #expect(marks.contains(Self.coloured("'", .unit)), "\(marks)")
        #expect(marks.contains(Self.coloured("cm", .unit)))
        let zone = Self.colour("now to Europe/Paris")
        #expect(zone.contains(Self.coloured("Europe/Paris", .unit)), "\(zone)")
        let comment = Self.colour("1 + 2 # sum")
        #expect(comment.hasSuffix(" # sum"))
    }

    /// Only the colours are added: the characters are the line's own.
    @Test(arguments: ["2 * sqrt(x) + y", "007 + 1 $ 2", "（１＋２）×３", "habit done Read", "1,234 + 5'9\""])
    func theCharactersAreTheLineAsTyped(line: String) {
        let shown = Self.colour(line)
        let plain = shown.replacing(/\u{1B}\[[0-9]+m/, with: "")
        #expect(plain == line)
    }
}
