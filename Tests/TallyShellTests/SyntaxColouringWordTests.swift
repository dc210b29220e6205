import Testing

@testable import TallyShell

/// What the colouring of the typed line calls each word: red only for a word the evaluator
/// would not know.
@Suite struct SyntaxColouringWordTests {
    let colouring = SyntaxColouring(names: ["sin", "pi", "sqrt", "x"])

    func coloured(_ line: String) -> String { colouring.coloured(Array(line.utf8)) }

    @Test func builtInsInAnyCaseAreKnown() {
        #expect(colouring.kind(ofWord: "SIN") == .name)
        #expect(colouring.kind(ofWord: "Pi") == .name)
        #expect(colouring.kind(ofWord: "x") == .name)
        #expect(colouring.kind(ofWord: "xx") == .unknown)
    }

    @Test func unitsWithPrefixesAreUnits() {
        #expect(colouring.kind(ofWord: "km") == .unit)
        #expect(colouring.kind(ofWord: "kg") == .unit)
        #expect(colouring.kind(ofWord: "mph") == .unit)
        #expect(colouring.kind(ofWord: "to") == .word)
    }

    @Test func aZoneNameIsOneWordNotADivision() {
        #expect(coloured("now to Europe/Paris").hasSuffix("\u{1B}[32mEurope/Paris\u{1B}[0m"))
        #expect(
            coloured("now to America/Argentina/Buenos_Aires").hasSuffix(
                "\u{1B}[32mAmerica/Argentina/Buenos_Aires\u{1B}[0m"))
        // Not a zone: a division of two names, the unknown one in red.
        #expect(coloured("x/yy") == "\u{1B}[34mx\u{1B}[0m\u{1B}[33m/\u{1B}[0m\u{1B}[31myy\u{1B}[0m")
    }
}
