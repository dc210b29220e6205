import Foundation
import TallyTestSupport
import Testing

/// User functions, `vars`, `unset` and the init file, through the built binary: exact output,
/// and errors drawn where they happen, a call's error with a note inside the definition.
@Suite struct DefinitionTests {
    private func run(_ lines: [String], arguments: [String] = [], environment: [String: String] = [:]) throws
        -> TallyRun
    {
        try TallyUnderTest.run(arguments + lines.flatMap { ["-e", $0] }, environment: environment)
    }

    @Test func anErrorInsideACallPointsAtTheCallWithANoteInTheDefinition() throws {
        let result = try run(["inv(x) = 1/x", "half_inv(x) = inv(2*x)", "half_inv(0) + 1"])
        #expect(result.outputText == "")
        #expect(
            result.errorText == """
                <eval>:3:1: error: division by zero
                    half_inv(0) + 1
                    ^~~~~~~~~~~
                <eval>:2:15: note: in half_inv(x) = inv(2*x), defined at <eval>:2
                    half_inv(x) = inv(2*x)
                                  ^~~~~~~~
                <eval>:1:12: note: in inv(x) = 1/x, defined at <eval>:1
                    inv(x) = 1/x
                               ^

                """)
        #expect(result.status == 1)
    }

    @Test func aRecursionWithoutEndStopsAtTheDepthLimitWithOneNote() throws {
        let result = try run(["count(n) = 1 + count(n + 1)", "x = count(0)", "x"])
        #expect(
            result.errorText.hasPrefix(
                """
                <eval>:2:5: error: calls of functions nested more than 100,000 deep (does the recursion reach its end?)
                    x = count(0)
                        ^~~~~~~~
                <eval>:1:16: note: in count(n) = 1 + count(n + 1), defined at <eval>:1 (100,000 nested calls)
                """))
        #expect(result.errorText.contains("<eval>:3:1: error: unknown name 'x'"))
    }

    @Test func recursionWorksToDepthsTheMachineStackCouldNotHold() throws {
        let result = try run([
            "depth(n) = if(n == 0, 0, 1 + depth(n - 1))", "depth(99999)", "fact(n) = if(n <= 1, 1, n * fact(n - 1))",
            "fact(30)",
        ])
        #expect(result.outputText == "99999\n265252859812191058636308480000000\n")
        #expect(result.errorText == "")
    }

    @Test func aSyntaxErrorInABodyIsReportedWhenDefined() throws {
        let result = try run(["f(x) = x * (2 + ", "f(1)"])
        #expect(result.errorText.hasPrefix("<eval>:1:16: error: expected a number, name or '(' after '+'"))
        #expect(result.errorText.contains("<eval>:2:1: error: unknown function 'f'"))
    }

    /// A built-in function's count is checked as the line is read: in a body, at definition;
    /// in a line, before anything in it runs (so before its division by zero).
    @Test func aBuiltInCalledWithTheWrongCountIsRefusedAsTheLineIsRead() throws {
        let result = try run(["f(x) = 1 + sqrt(x, 2)", "f(1)", "1/0 + powmod(2, 3)", "sin (0) + max(3, 4, 5)"])
        #expect(result.errorText.hasPrefix("<eval>:1:12: error: sqrt takes 1 argument, but 2 were given"))
        #expect(result.errorText.contains("<eval>:2:1: error: unknown function 'f'"))
        #expect(result.errorText.contains("<eval>:3:7: error: powmod takes 3 arguments, but 2 were given"))
        #expect(!result.errorText.contains("division by zero"))
        #expect(result.outputText == "5\n")
    }

    @Test func varsListsVariablesFunctionsAndAnsAndUnsetRemovesOne() throws {
        let result = try run([
            "rate = 1/4", "area(w, h) = w * h", "sq(x) = x^2", "sq(3)", "vars", "unset sq", "unset rate", "vars",
            "sq(2)", "unset nothing", "unset pi", "unset",
        ])
        #expect(
            result.outputText == """
                9
                rate = 0.25
                area(w, h) = w * h
                sq(x) = x^2
                ans = 9
                area(w, h) = w * h
                ans = 9

                """)
        let errors = result.errorText.split(separator: "\n").filter { $0.hasPrefix("<eval>") }
        #expect(
            errors == [
                "<eval>:9:1: error: unknown function 'sq'",
                "<eval>:9:1: note: did you mean 'sqrt'?",
                "<eval>:10:7: error: no variable or function named 'nothing'",
                "<eval>:11:7: error: cannot unset 'pi': it is built in",
                "<eval>:12:6: error: missing name: unset NAME removes a variable or a function",
            ])
    }

    @Test func typeErrorsPointAtTheOperand() throws {
        let result = try run(["f(x) = x + 1", "f(1 < 2)", "if(f(1), 1, 2)"])
        #expect(
            result.errorText == """
                <eval>:2:1: error: expected a number, found a truth value
                    f(1 < 2)
                    ^~~~~~~~
                <eval>:1:8: note: in f(x) = x + 1, defined at <eval>:1
                    f(x) = x + 1
                           ^
                <eval>:3:4: error: expected a truth value, found a number
                    if(f(1), 1, 2)
                       ^~~~

                """)
    }

    // MARK: The init file

    private func initFile(_ text: String) throws -> (directory: URL, path: String) {
        let directory = try TallyUnderTest.temporaryDirectory()
        let path = directory.appendingPathComponent("start.tally").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (directory, path)
    }

    @Test func initFileRunsBeforeABatchRunAndReportsItsErrorsByFileLineAndColumn() throws {
        let (directory, path) = try initFile("square(x) = x^2\n1 + 1\nbroken(x) = x +\nbase = 10\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try run(["square(base)"], arguments: ["--init", path])
        // Its results are not printed; the batch input still runs, and the status says it failed.
        #expect(result.outputText == "100\n")
        #expect(result.errorText.hasPrefix("\(path):3:16: error: expected a number, name or '(' after '+'"))
        #expect(result.status == 1)
        let skipped = try run(["square(3)"], arguments: ["--init", path, "--no-init"])
        #expect(skipped.errorText.contains("unknown function 'square'"))
    }

    @Test func aMissingInitFileIsReportedAndTheRunGoesOn() throws {
        let result = try run(["2 < 3"], arguments: ["--init", "/nonexistent/init.tally"])
        #expect(result.outputText == "true\n")
        #expect(
            result.errorText == "tally: cannot read init file '/nonexistent/init.tally': No such file or directory\n")
    }

    @Test func helpDescribesTheInitFile() throws {
        let help = try TallyUnderTest.run(["--help"]).outputText
        #expect(help.contains("--init FILE"))
        #expect(help.contains("--no-init"))
        #expect(help.contains("$XDG_CONFIG_HOME/tally/init.tally"))
    }
}
