import TallyTestSupport
import Testing

@testable import TallyCore
@testable import TallyDiagnostics

/// Whole rendered diagnostics, as people see them.
@Suite struct DiagnosticRendererTests {
    let plain = DiagnosticRenderer(useColour: false)

    @Test func locatedFormForFilesAndPipes() {
        let line = MarkedLine("12 + ⟨*⟩ 3")
        let text = plain.render(
            Diagnostic(.expectedOperand, "expected a number, name or '(' after '+', found '*'", at: line.span),
            in: line.text,
            form: .located(sourceName: "prices.txt", lineNumber: 3))
        #expect(
            text == """
                prices.txt:3:6: error: expected a number, name or '(' after '+', found '*'
                    12 + * 3
                         ^

                """)
    }

    @Test func interactiveFormStandsUnderTheTypedLine() {
        let line = MarkedLine("12 + ⟨*⟩ 3")
        let text = plain.render(
            Diagnostic(.expectedOperand, "expected a number, name or '(' after '+', found '*'", at: line.span),
            in: line.text,
            form: .interactive(promptWidth: 2))
        #expect(
            text == """
                       ^
                error: expected a number, name or '(' after '+', found '*'

                """)
    }

    /// A note about another line (a function's definition) draws that line, with its own
    /// place in files and pipes and under the error interactively.
    @Test func aNoteInAnotherLineDrawsThatLine() {
        let call = MarkedLine("⟨inv(0)⟩ + 1")
        let definition = MarkedLine("inv(x) = 1/⟨x⟩")
        let origin = LineOrigin(sourceName: "defs.tally", lineNumber: 4)
        let diagnostic = Diagnostic(.divisionByZero, "division by zero", at: call.span).noting(
            "in inv(x) = 1/x, defined at defs.tally:4", at: definition.span,
            in: Diagnostic.NoteSource(line: definition.text, origin: origin))
        #expect(
            plain.render(diagnostic, in: call.text, form: .located(sourceName: "<stdin>", lineNumber: 9)) == """
                <stdin>:9:1: error: division by zero
                    inv(0) + 1
                    ^~~~~~
                defs.tally:4:12: note: in inv(x) = 1/x, defined at defs.tally:4
                    inv(x) = 1/x
                               ^

                """)
        #expect(
            plain.render(diagnostic, in: call.text, form: .interactive(promptWidth: 2)) == """
                  ^~~~~~
                error: division by zero
                note: in inv(x) = 1/x, defined at defs.tally:4
                    inv(x) = 1/x
                               ^

                """)
    }

    @Test func underlineCoversTheWholeSpan() {
        let line = MarkedLine("10 / ⟨(5 - 5)⟩")
        let text = plain.render(
            Diagnostic(.divisionByZero, "division by zero", at: line.span), in: line.text,
            form: .located(sourceName: "<eval>", lineNumber: 1))
        #expect(
            text == """
                <eval>:1:6: error: division by zero
                    10 / (5 - 5)
                         ^~~~~~~

                """)
    }

    @Test func columnsCountCharactersAndCaretsAlignByDisplayWidth() {
        // Korean syllables are one character but two terminal columns each.
        let line = MarkedLine("키 = 175 + ⟨$⟩")
        let text = plain.render(
            Diagnostic(.unexpectedCharacter, "unexpected character '$'", at: line.span), in: line.text,
            form: .located(sourceName: "<stdin>", lineNumber: 2))
        // "키 = 175 + " is 10 characters but 11 columns wide: the caret goes after 4 + 11.
        #expect(
            text == "<stdin>:2:11: error: unexpected character '$'\n    키 = 175 + $\n"
                + String(repeating: " ", count: 15) + "^\n")
        let interactive = plain.render(
            Diagnostic(.unknownName, "unknown name '값'", at: MarkedLine("⟨값⟩ + 1").span), in: "값 + 1",
            form: .interactive(promptWidth: 2))
        #expect(interactive == "  ^~\nerror: unknown name '값'\n")
    }

    @Test func controlCharactersAreShownEscaped() {
        let line = "1 + \u{1B}[31m"
        let text = plain.render(
            Diagnostic(.unexpectedCharacter, "unexpected character U+001B", at: SourceSpan(start: 4, end: 5)), in: line,
            form: .located(sourceName: "<stdin>", lineNumber: 1))
        #expect(!containsRawControlCharacters(text))
        #expect(text.contains("1 + ␛[31m"))
    }

    @Test func colourOnlyWhenAsked() {
        let coloured = DiagnosticRenderer(useColour: true).render(
            Diagnostic(.unknownName, "x", at: SourceSpan(at: 0)), in: "a", form: .interactive(promptWidth: 2))
        #expect(coloured.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        let plainText = plain.render(
            Diagnostic(.unknownName, "x", at: SourceSpan(at: 0)), in: "a", form: .interactive(promptWidth: 2))
        #expect(!containsRawControlCharacters(plainText))
    }

    @Test func longLinesShowAWindowAroundTheCaret() {
        let line = String(repeating: "1+", count: 5_000) + "$"
        let text = plain.render(
            Diagnostic(.unexpectedCharacter, "unexpected character '$'", at: SourceSpan(start: 10_000, end: 10_001)),
            in: line,
            form: .located(sourceName: "big", lineNumber: 1))
        let lines = text.split(separator: "\n")
        #expect(lines[0] == "big:1:10001: error: unexpected character '$'")
        #expect(lines[1].count < 120)
        let caretColumn = lines[2].firstIndex(of: "^").map { lines[2].distance(from: lines[2].startIndex, to: $0) }
        let dollarColumn = lines[1].firstIndex(of: "$").map { lines[1].distance(from: lines[1].startIndex, to: $0) }
        #expect(caretColumn == dollarColumn)
    }

    @Test func notesFollowTheirDiagnostic() {
        let line = MarkedLine("⟨sqr⟩(2)")
        let diagnostic = Diagnostic(.unknownFunction, "unknown function 'sqr'", at: line.span).suggesting("sqrt")
        #expect(
            plain.render(diagnostic, in: line.text, form: .located(sourceName: "<stdin>", lineNumber: 1)) == """
                <stdin>:1:1: error: unknown function 'sqr'
                    sqr(2)
                    ^~~
                <stdin>:1:1: note: did you mean 'sqrt'?

                """)
        #expect(
            plain.render(diagnostic, in: line.text, form: .interactive(promptWidth: 2)) == """
                  ^~~
                error: unknown function 'sqr'
                note: did you mean 'sqrt'?

                """)
    }

    @Test func aNoteAboutAnotherPartOfTheLineDrawsThatPart() {
        let line = MarkedLine("bmi 175 ⟨154⟩")
        let note = MarkedLine("bmi ⟨175⟩ 154")
        let warning = Diagnostic(DiagnosticID("unit-guessed"), "154 was read as kg", at: line.span, severity: .warning)
            .noting("the height is in cm", at: note.span)
        #expect(
            plain.render(warning, in: line.text, form: .located(sourceName: "<eval>", lineNumber: 2)) == """
                <eval>:2:9: warning: 154 was read as kg
                    bmi 175 154
                            ^~~
                <eval>:2:5: note: the height is in cm
                    bmi 175 154
                        ^~~

                """)
        #expect(
            plain.render(warning, in: line.text, form: .interactive(promptWidth: 2)) == """
                          ^~~
                warning: 154 was read as kg
                      ^~~
                note: the height is in cm

                """)
    }

    @Test func severitiesHaveTheirOwnColours() {
        let coloured = DiagnosticRenderer(useColour: true)
        let line = MarkedLine("⟨x⟩")
        let text = coloured.render(
            Diagnostic(.unknownName, "unknown name 'x'", at: line.span).suggesting("y"), in: line.text,
            form: .interactive(promptWidth: 2))
        #expect(text.contains("\u{1B}[1;31merror:"))
        #expect(text.contains("\u{1B}[1;36mnote:"))
    }
}
