import Testing

@testable import TallyShell

@Suite struct OptionsTests {
    @Test func parsesEveryOption() throws {
        let options = try Options.parse([
            "-e", "1+1", "--eval=2", "-q", "--digits", "30", "--data-dir", "/d", "--history-file=/h",
            "--no-history", "--color", "never", "a.txt", "-", "--", "-b.txt",
        ])
        #expect(options.evalLines == ["1+1", "2"])
        #expect(options.quiet)
        #expect(options.digits == 30)
        #expect(options.dataDirectory == "/d")
        #expect(options.historyFile == "/h")
        #expect(options.noHistory)
        #expect(options.colour == .never)
        #expect(options.files == ["a.txt", "-", "-b.txt"])
    }

    @Test(arguments: [
        (["--nope"], "unknown option '--nope'"),
        (["-e"], "option '-e' needs a value"),
        (["--digits", "x"], "--digits needs a whole number from 1 to 1000000, not 'x'"),
        (["--digits", "0"], "--digits needs a whole number from 1 to 1000000, not '0'"),
        (["--color", "blue"], "--color needs auto, always or never, not 'blue'"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) {
        #expect(throws: Options.UsageError(message: message)) { try Options.parse(arguments) }
    }
}
