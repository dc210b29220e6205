import TallyDiagnostics
import Testing

@testable import TallyShell

/// The shell turns the styles views mark their text with into colour, or leaves them out.
@Suite struct StyledTextTerminalTests {
    var marks: StyledText {
        var text = StyledText("Mon ")
        for (glyph, style) in [
            ("■", StyledText.Style.done), ("■", .done), ("·", .missed), ("-", .excused), ("○", .rest),
        ] {
            text.append(glyph, style: style)
        }
        text.append("  ")
        return text
    }

    @Test func colouredEachMarkOnItsOwn() {
        #expect(
            marks.terminalText(colour: true)
                == "Mon \u{1B}[32m■\u{1B}[0m\u{1B}[32m■\u{1B}[0m\u{1B}[2m·\u{1B}[0m-○  ")
    }

    @Test func plainWithoutColour() {
        #expect(marks.terminalText(colour: false) == "Mon ■■·-○  ")
        #expect(marks.plainText == "Mon ■■·-○  ")
    }

    @Test func trailingSpacesStopAtAStyledRun() {
        #expect(marks.trimmingTrailingSpaces().terminalText(colour: false) == "Mon ■■·-○")
        var spaceMark = StyledText("a")
        spaceMark.append(" ", style: .done)
        spaceMark.append("  ")
        #expect(
            spaceMark.trimmingTrailingSpaces().runs == [
                .init(text: "a", style: .plain), .init(text: " ", style: .done),
            ])
    }

    @Test func joinedKeepsEveryRun() {
        let lines = [StyledText("■", style: .done), StyledText("x")].joined(separator: "\n")
        #expect(lines.runs == [.init(text: "■", style: .done), .init(text: "\nx", style: .plain)])
    }
}
