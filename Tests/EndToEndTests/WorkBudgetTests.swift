import TallyTestSupport
import Testing

/// The third hardening round's rows about size and work, through the binary: huge reals
/// meeting integer operations, trig of huge arguments, and the work budget (`set maxwork`).
@Suite("Work budget through the binary")
struct WorkBudgetTests {
    /// A real far beyond `maxdigits` meeting an integer operation is the size error, before
    /// any integer is built (GMP aborted the process).
    @Test(arguments: [
        ("sinh(10^14) >> 1", 1), ("gcd(sinh(10^14), 3)", 5), ("lcm(sinh(10^14), 3)", 5), ("sinh(10^14)!", 1),
        ("isprime(sinh(10^14))", 9), ("nextprime(sinh(10^14))", 11), ("factor(sinh(10^14))", 8),
        ("fib(sinh(10^14))", 5), ("binomial(sinh(10^14), 2)", 10), ("powmod(2, sinh(10^14), 7)", 11),
        ("sinh(10^14) & 1", 1), ("~sinh(10^14)", 2), ("sinh(10^14) to factors", 1),
    ])
    func hugeRealsMeetingIntegerOperationsAreTooLarge(line: String, column: Int) throws {
        let run = try TallyUnderTest.run(["-e", line])
        #expect(run.signal == nil)
        #expect(run.status == 1)
        #expect(
            run.errorText.hasPrefix(
                "<eval>:1:\(column): error: result would have about 43,429,448,190,325 digits, more than the limit of 1,000,000 (set maxdigits N)\n"
            ), "\(run.errorText)")
    }

    /// Lines whose work exceeds the budget are refused with the budget's error.
    @Test(arguments: ["powmod(3, 10^10000, 10^10000+7)", "nextprime(10^3000)"])
    func longWorkIsRefusedByTheBudget(line: String) throws {
        let run = try TallyUnderTest.run(["-e", line])
        #expect(run.status == 1)
        #expect(
            run.errorText.hasPrefix(
                "<eval>:1:1: error: too much work for one line: more than 100,000,000 steps (set maxwork N)\n"),
            "\(run.errorText)")
    }

    /// An exponential recursion counts its calls against the budget.
    @Test func anExponentialRecursionStopsAtTheBudget() throws {
        let run = try TallyUnderTest.run(standardInput: "w(n) = if(n <= 0, 0, w(n-1) + w(n-1))\nw(10)\nw(25)\n")
        #expect(run.status == 1)
        #expect(run.outputText == "0\n")
        #expect(
            run.errorText.hasPrefix(
                "<stdin>:3:1: error: too much work for one line: more than 100,000,000 steps (set maxwork N)\n"),
            "\(run.errorText)")
    }

    /// Trig of huge arguments: reduced with enough bits of π (digits checked against mpmath).
    @Test(arguments: [
        ("sin(10^4000)", "0.48692809987284572065"), ("sin(10^40000)", "-0.3218918510177987807"),
        ("cos(10^100000)", "-0.98505542157275431276"),
    ])
    func trigOfHugeArguments(line: String, value: String) throws {
        let run = try TallyUnderTest.run(["-e", line])
        #expect(run.status == 0, "\(run.errorText)")
        #expect(run.outputText == value + "\n")
    }

    /// An undecided integer names its nearest integer abbreviated.
    @Test func undecidedMessagesAbbreviateTheirIntegers() throws {
        let run = try TallyUnderTest.run(["-e", "floor(10^900*(sin(1)^2+cos(1)^2))"])
        #expect(run.status == 1)
        #expect(
            run.errorText.hasPrefix(
                "<eval>:1:1: error: cannot decide floor: the value is within 1e-1000 of 1000…0000 (901 digits)\n"),
            "\(run.errorText)")
    }
}
