// libFuzzer entry point: every input is split into lines and run by a batch session, as
// `tally FILE` would run it — expressions, assignments, `set`, `help`, `vars`, `bmi` and `habit`
// (against an in-memory store, with a pinned today) — and every diagnostic is rendered in both
// layouts. Built against the library modules by build.sh.

import TallyCore
import TallyDiagnostics
import TallyHabits
import TallyShell

/// Runs `size` bytes at `data` as the lines of a batch file. Must never crash or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // A smaller limit than the default keeps each run fast; the checks are the same code.
    let settings = EvaluationSettings(digits: 20, maxDigits: 20_000)
    let store = InMemoryHabitRepository()
    var environment = SessionEnvironment(pinnedToday: "2026-11-30")
    environment.openHabitRepository = { store }
    var session = Session(style: .batch, settings: settings, environment: environment)
    let renderer = DiagnosticRenderer(useColour: size % 2 == 0)
    var lineNumber = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        lineNumber += 1
        let line = String(line)
        let outcome = session.handle(line)
        precondition(!outcome.wasInterrupted, "nothing interrupts the fuzzer")
        for diagnostic in outcome.warnings + (outcome.diagnostic.map { [$0] } ?? []) {
            let located = renderer.render(
                diagnostic, in: line, form: .located(sourceName: "<fuzz>", lineNumber: lineNumber))
            let interactive = renderer.render(diagnostic, in: line, form: .interactive(promptWidth: 2))
            // A diagnostic never writes a raw control character other than its own colours.
            for scalar in (located + interactive).unicodeScalars where scalar.value < 0x20 || scalar.value == 0x7F {
                precondition(scalar == "\n" || scalar == "\u{1B}", "raw control character in a diagnostic")
            }
            // Nor a character that draws nothing or turns the text around it (U+202E, U+200B,
            // U+FEFF, …): those are shown as `<U+202E>`.
            for scalar in (located + interactive).unicodeScalars where TerminalSafeText.isInvisible(scalar) {
                preconditionFailure("invisible or bidirectional character \(scalar.value) in a diagnostic")
            }
            // A note may point into another line (the definition of a function an error
            // happened inside): its span lies in that line.
            var spans = [(diagnostic.span, line)]
            for note in diagnostic.notes {
                if let span = note.span { spans.append((span, note.source?.line ?? line)) }
            }
            for (span, text) in spans {
                precondition(span.start <= span.end && span.end <= text.utf8.count, "span outside its line")
            }
        }
        // A value is written as the batch runner writes it (its digits, settled while the line
        // ran, must come out without new work going wrong).
        var written = outcome.output ?? ""
        if let value = outcome.value { written += session.formatter.format(value).text }
        // Output reaches a terminal too: no raw control characters but newlines and tabs.
        for scalar in written.unicodeScalars where scalar.value < 0x20 || scalar.value == 0x7F {
            precondition(scalar == "\n" || scalar == "\t" || scalar == "\u{1B}", "raw control character in output")
        }
        if outcome.endsSession { break }
    }
    return 0
}
