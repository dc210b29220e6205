// libFuzzer entry point for TallyCore: every input is split into lines and each line goes
// through the lexer, the parser, the evaluator and both diagnostic layouts, as a session would.
// Compiled together with Sources/TallyCore by build.sh (one module, so no `import TallyCore`).

/// Evaluates `size` bytes at `data` as lines of a batch file. Must never crash or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // A smaller limit than the default keeps each run fast; the checks are the same code.
    var evaluator = Evaluator(settings: EvaluationSettings(digits: 20, maxDigits: 20_000))
    let renderer = DiagnosticRenderer(useColour: size % 2 == 0)
    var lineNumber = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        lineNumber += 1
        let line = String(line)
        do {
            switch try evaluator.run(line: line) {
            case .nothing:
                break
            case .value(let value), .assigned(_, let value):
                let shown = ValueFormatter(settings: evaluator.settings).format(value)
                precondition(!shown.text.isEmpty)
                _ = ValueFormatter(.decimal(significantDigits: 3)).format(value)
            }
        } catch {
            guard case .failed(let diagnostic) = error else { preconditionFailure("nothing interrupts the fuzzer") }
            let located = renderer.render(
                diagnostic, in: line, form: .located(sourceName: "<fuzz>", lineNumber: lineNumber))
            let interactive = renderer.render(diagnostic, in: line, form: .interactive(promptWidth: 2))
            // A diagnostic never writes a raw control character other than its own colours.
            for scalar in (located + interactive).unicodeScalars where scalar.value < 0x20 || scalar.value == 0x7F {
                precondition(scalar == "\n" || scalar == "\u{1B}", "raw control character in a diagnostic")
            }
            for span in [diagnostic.span] + diagnostic.notes.compactMap(\.span) {
                precondition(span.start <= span.end && span.end <= line.utf8.count, "span outside the line")
            }
        }
    }
    return 0
}
