import Foundation
import Glibc
import TallyTestSupport
import Testing

/// One long GMP or MPFR call — a factorial of ten million, a power with a hundred million
/// digits, a million digits of pi — runs in a child process that Ctrl-C kills: the prompt comes
/// back, no CPU is spent afterwards, and the memory is gone (issue 25, item 7). Below the
/// threshold, and in batch, the results are the same as computed in-process.
@Suite("Long library calls")
struct LongLibraryCallTests {
    /// Limits raised so that each line is accepted and runs for many seconds.
    static let raisedLimits = ["set maxdigits 100000000", "set maxwork 1000000000000"]

    /// The processes the session has started and not yet reaped (of any of its threads).
    static func children(of processID: pid_t) throws -> [String] {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(processID)/task")
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(processID)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").map(String.init)
        }
    }

    @Test(arguments: [
        (["10000000!"]), (["10^(10^8-1)"]), (["set digits 1000000", "pi"]),
        (["set digits 1000000", "exp(sqrt(2))"]),
        (["x = 7^3000000", "y = 3^3000000", "x * y"]),
        // Computed in a second or two, but its 14,313,638 digits take seconds to write out.
        (["x = 3^(3*10^7)", "x"]),
        // Greatest common divisors of numbers of 17 million digits: of two integers, and the
        // one that keeps a quotient in lowest terms.
        (["x = 7^(2*10^7) + 1", "y = 5^(24*10^6) + 1", "gcd(x, y)"]),
        (["x = 7^(2*10^7)", "y = 5^(24*10^6) + 2", "x / y"]),
        // An exact square root tried on a number of 76 million digits.
        (["x = 7^(9*10^7+1)", "x^(1/2)"]),
        // A Mersenne prime of 19,937 bits: every round of the primality test runs.
        (["isprime(2^19937 - 1)"]),
    ])
    func controlCEndsTheCallAndFreesItsMemory(lines: [String]) throws {
        let sandbox = SessionInterruptionTests.Sandbox()
        let terminal = try sandbox.start()
        for line in Self.raisedLimits + lines.dropLast() {
            terminal.type(line + "\r")
            try terminal.expect("> ", timeout: 30)
        }
        let residentBefore = try SessionInterruptionTests.statusKilobytes("VmRSS", of: terminal.processID)
        let line = lines.last!
        terminal.type(line + "\r")
        try terminal.expect(line + "\n")
        // The call runs in a child: wait for it (a loaded machine may take a while to get there),
        // and let it work a little.
        var waited = 0
        while try Self.children(of: terminal.processID).isEmpty && waited < 100 {
            usleep(50_000)
            waited += 1
        }
        #expect(try Self.children(of: terminal.processID).count == 1, "\(line): the call runs in a child")
        usleep(300_000)
        terminal.type(PseudoTerminal.controlC)
        try terminal.expect("interrupted\n", timeout: 10)
        try terminal.expect("> ")
        usleep(500_000)
        #expect(try Self.children(of: terminal.processID).isEmpty, "\(line): the child is gone")
        let before = try InteractivePromptTests.processorSeconds(of: terminal.processID)
        usleep(1_000_000)
        let used = try InteractivePromptTests.processorSeconds(of: terminal.processID) - before
        #expect(used < 0.15, "\(line): \(used) s of processor time in the second after the interrupt")
        let residentAfter = try SessionInterruptionTests.statusKilobytes("VmRSS", of: terminal.processID)
        // The work's memory was the child's; the session keeps what it had (and some pages of
        // the pipe's buffer).
        #expect(
            residentAfter - residentBefore < 20_000,
            "\(line): resident memory grew from \(residentBefore) kB to \(residentAfter) kB")
        terminal.type("6*7\r")
        try terminal.expect("\n42\n")
        try terminal.expect("> ")
        terminal.type(PseudoTerminal.controlD)
        #expect(try terminal.waitForExit() == 0)
    }

    /// Results computed in a child are the same as computed in-process: identities whose two
    /// sides take different paths (a product of two forked powers against one power, factorials
    /// against binomials), and a real constant and function at 200,000 digits against mpmath.
    @Test func forkedResultsAreExact() throws {
        let lines =
            Self.raisedLimits + [
                "x = 7^1000000", "y = 3^1000000", "x * y - 21^1000000",
                "200000! / 199999!", "binomial(400000, 200000) * 200000! * 200000! - 400000!",
                "-(7^1000000) * 7 + 7^1000001", "fib(3000001) - fib(3000000) - fib(2999999)",
                "(x * y + 5) // (x * 3^999999)", "-(x * y) // (x * 3^999999 + 1)",
                // Forked gcds and lcms (of integers, and in a fraction's arithmetic), roots and
                // primality tests.
                "gcd(x * y, x * 5^1000000) - x", "lcm(x, y) - x * y", "(x * y + 1) / y - x - 1 / y",
                "(x^2 * y^2)^(1/2) - x * y", "(x^2 * 7)^(1/2) == 0", "isprime(2^4423 - 1)",
                "nextprime(2^4423 - 2) - (2^4423 - 1)",
            ]
        let run = try TallyUnderTest.run(standardInput: lines.joined(separator: "\n") + "\n", timeout: 120)
        #expect(run.status == 0, "\(run.errorText)")
        #expect(run.outputText == "0\n200000\n0\n0\n0\n3\n-3\n0\n0\n0\n0\nfalse\ntrue\n0\n")
    }

    /// A quotient of two intervals at 1,300,000 digits (over 4 million bits: forked) agrees
    /// with the same quotient at a million digits (computed in-process) in every digit but the
    /// last few.
    @Test func forkedIntervalQuotientMatchesInProcess() throws {
        let lines =
            Self.raisedLimits + [
                "set digits 1300000", "sqrt(2) / (1 + sqrt(3))", "set digits 1000000", "sqrt(2) / (1 + sqrt(3))",
            ]
        let run = try TallyUnderTest.run(standardInput: lines.joined(separator: "\n") + "\n", timeout: 120)
        #expect(run.status == 0, "\(run.errorText)")
        let values = run.outputText.split(separator: "\n")
        #expect(values.count == 2)
        if values.count == 2 {
            #expect(values[0].count > 1_299_000 && values[1].count > 999_000)
            #expect(values[0].prefix(999_990) == values[1].prefix(999_990))
        }
    }

    @Test(.enabled(if: python3Executable != nil)) func forkedRealsMatchMpmath() throws {
        let lines = Self.raisedLimits + ["set digits 200000", "pi", "sin(1)"]
        let run = try TallyUnderTest.run(standardInput: lines.joined(separator: "\n") + "\n", timeout: 120)
        #expect(run.status == 0, "\(run.errorText)")
        let script = """
            import mpmath, sys
            mpmath.mp.dps = 200050
            for v in (mpmath.pi, mpmath.sin(1)):
                print(mpmath.nstr(v, 200000, strip_zeros=False))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python3Executable!)
        process.arguments = ["-c", script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let expected = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // The last digit may differ in rounding direction; every digit before it must match.
        let got = run.outputText.split(separator: "\n").map { $0.dropLast() }
        let want = expected.split(separator: "\n").map { $0.dropLast() }
        #expect(got.count == 2 && got == want)
    }
}
