import TallyDiagnostics
import Testing

@testable import TallyCore

/// The one table of functions and constants, as the evaluator reads it.
@Suite struct FunctionTableTests {
    @Test func everyBuiltInHasHelpAndIsCallable() throws {
        for entry in FunctionTable.builtIn.entries {
            #expect(!entry.summary.isEmpty && entry.usage.hasPrefix(entry.name), "\(entry.name)")
            #expect(FunctionTable.builtIn.isFunction(entry.name) == entry.isFunction)
        }
        #expect(FunctionTable.builtIn.functionNames.contains("sqrt"))
        #expect(FunctionTable.builtIn.entry(named: "nope") == nil)
    }

    @Test func entriesDefinedAtRunTimeJoinTheTable() throws {
        var table = FunctionTable.builtIn
        table.define(
            FunctionEntry(
                name: "answer", usage: "answer", summary: "forty-two",
                kind: .constant { _ throws(Diagnostic) in .number(Number(42)) }))
        table.define(
            FunctionEntry(
                name: "twice", usage: "twice(x)", summary: "doubles x",
                kind: .function(.exactly(1)) { call throws(Diagnostic) in call.arguments[0] * .number(Number(2)) }))
        var evaluator = Evaluator(functions: table)
        guard case .value(let value) = try run("twice(answer) + 1", in: &evaluator) else {
            Issue.record("no value")
            return
        }
        #expect(value.number?.intValue == 85)
        #expect(
            table.constantNames == [
                "pi", "e", "tau", "phi", "true", "false", "today", "yesterday", "tomorrow", "now", "answer",
            ])
        // A constant cannot be assigned or called.
        #expect(throws: Diagnostic.self) { _ = try run("answer = 1", in: &evaluator) }
        let called = diagnostic(of: "answer(1)", in: &evaluator)
        #expect(called?.id == .variableCalled)
    }

    @Test func redefiningReplacesTheEntry() {
        var table = FunctionTable([])
        table.define(
            FunctionEntry(
                name: "k", usage: "k", summary: "one", kind: .constant { _ throws(Diagnostic) in .number(Number(1)) }))
        table.define(
            FunctionEntry(
                name: "k", usage: "k", summary: "two", kind: .constant { _ throws(Diagnostic) in .number(Number(2)) }))
        #expect(table.entries.map(\.summary) == ["two"])
    }

    @Test(arguments: [
        ("10 / 0", DiagnosticID.divisionByZero), ("10 % 0", .moduloByZero), ("0^-1", .zeroToNegativePower),
        ("sqrt(-4)", .domainError), ("(-8)^(1/2)", .noRealValue), ("2.5!!", .notAnInteger), ("foo + 1", .unknownName),
        ("sqr(2)", .unknownFunction), ("sqrt(1, 2)", .wrongArgumentCount), ("2^2^2^30", .resultTooLarge),
        ("ans", .noLastResult), ("sqrt", .functionUsedAsValue), ("sqrt = 1", .reservedName),
    ])
    func runtimeErrorsHaveStableIdentifiers(_ line: String, _ id: DiagnosticID) {
        #expect(diagnostic(of: line)?.id == id, "\(line)")
    }

    @Test func didYouMeanIsANote() {
        let found = diagnostic(of: "sqr(2)")
        #expect(found?.message == "unknown function 'sqr'")
        #expect(found?.notes == [Diagnostic.Note("did you mean 'sqrt'?")])
    }
}
