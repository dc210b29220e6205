import Glibc
import Testing

@testable import TallyShell

/// What the prompt draws after the line, as escape sequences, and what it costs per key.
struct LineDecorationsTests {
    static func line(_ text: String, columns: Int = 80) -> LineDecorations.Line {
        LineDecorations.Line(bytes: Array(text.utf8), point: text.utf8.count, columns: columns)
    }

    @Test func theSuggestionIsTheMostRecentLineStartingWithWhatIsTyped() {
        let decorations = LineDecorations(promptWidth: 2, previewer: nil)
        decorations.remember(["bmi 180 75", "3*3", "bmi 170 60", "12\u{1B}[31m"])
        #expect(decorations.draw(Self.line("bm")) == "\u{1B}[K\u{1B}[2mi 170 60\u{1B}[0m\u{1B}[8D")
        #expect(decorations.suggestion == Array("i 170 60".utf8))
        // Typing on past it, or a line with a control character: nothing.
        #expect(decorations.draw(Self.line("bmx")) == "\u{1B}[K")
        #expect(decorations.suggestion == nil)
        #expect(decorations.draw(Self.line("12")) == "")
    }

    @Test func nothingIsDrawnWhenTheLineWouldWrapOrTheCursorIsInside() {
        let decorations = LineDecorations(promptWidth: 2, previewer: nil)
        decorations.remember(["1234567890"])
        #expect(decorations.draw(Self.line("123", columns: 10)) == "\u{1B}[K\u{1B}[2m456…\u{1B}[0m\u{1B}[4D")
        #expect(decorations.draw(Self.line("1234567", columns: 8)) == "")
        var inside = Self.line("123")
        inside.point = 1
        // The old suggestion is wiped from the end of the line; the cursor goes back.
        _ = decorations.draw(Self.line("123"))
        #expect(decorations.draw(inside) == "\u{1B}[2C\u{1B}[K\u{1B}[2D")
    }

    @Test(arguments: [
        "1 # \u{1B}]0;title\u{07}", "help \u{1B}[2J", "habit done \"\u{1B}]52;c;aGk=\u{07}\"", "2\u{C2}\u{9B}",
    ])
    func aLineWithAControlCharacterIsLeftToReadline(text: String) {
        let decorations = LineDecorations(promptWidth: 2, previewer: nil)
        decorations.colouring = SyntaxColouring(names: [])
        decorations.remember(["1 + 1"])
        #expect(!decorations.draw(Self.line("1")).isEmpty)
        // What was drawn is taken away; nothing of the line is written again.
        #expect(decorations.draw(Self.line(text)) == "\u{1B}[K")
        #expect(decorations.draw(Self.line(text)) == "")
    }

    @Test func theOldSuggestionIsTakenAwayAsReadlineDrawsControlCharacters() {
        let decorations = LineDecorations(promptWidth: 2, previewer: nil)
        decorations.remember(["1234"])
        _ = decorations.draw(Self.line("12"))
        // Readline draws `\u{1B}` as `^[` and a tab to the next multiple of eight columns.
        var line = Self.line("1\u{1B}\t2")
        line.point = 1
        #expect(decorations.draw(line) == "\u{1B}[6C\u{1B}[K\u{1B}[6D")
    }

    @Test func suggestOffDrawsNoSuggestion() {
        let decorations = LineDecorations(promptWidth: 2, previewer: nil)
        decorations.remember(["12345"])
        decorations.suggests = false
        #expect(decorations.draw(Self.line("12")) == "")
    }

    @Test(
        arguments: [
            ("2+3*4", "= 14"), ("sqrt(2", "…"), ("2 +", "…"), ("1/3", "≈ 0.33333333333333333333"),
            ("x = 5", nil), ("f(x) = 1", nil), ("habit done Read", nil), ("bmi 180 75", nil), ("set digits 5", nil),
            ("history", nil), ("1/0", nil), ("10^100000", nil),
        ] as [(String, String?)])
    func thePreviewOfALine(line: String, preview: String?) {
        let session = Session(style: .interactive)
        #expect(LivePreview.preview(Array(line.utf8), on: session.evaluator, style: .interactive) == preview)
    }

    /// Not a timed test: prints what one key's drawing costs with 10,000 history entries, the
    /// worst case being a prefix that matches none (the whole history is read).
    @Test func costOfOneKeyWithTenThousandHistoryEntries() {
        let decorations = LineDecorations(promptWidth: 2, previewer: nil)
        decorations.remember((0..<10_000).map { "\($0) * 12345 + sqrt(\($0))" })
        let keys = 2_000
        // No line starts with "1x": every line starting with "1" is read (1,111 of them), and
        // "9" as the first key reads every line starting with it.
        for (name, typed) in [("no match", "1x"), ("first key", "9"), ("a match", "9999 * 1")] {
            var start = timespec()
            clock_gettime(CLOCK_MONOTONIC, &start)
            for _ in 0..<keys { _ = decorations.draw(Self.line(typed)) }
            var end = timespec()
            clock_gettime(CLOCK_MONOTONIC, &end)
            let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
            print("LineDecorations.draw, 10,000 entries, \(name): \(seconds / Double(keys) * 1e6) µs per key")
        }
    }
}
