import TallyCore
import TallyDiagnostics
import Testing

@testable import TallyShell

/// One line in, one outcome out: the commands of the line language.
@Suite struct SessionTests {
    /// Each line's outcome, a value written as the batch runner writes it.
    func run(_ lines: [String], style: Session.Style = .batch) -> [ShownOutcome] {
        var session = Session(style: style)
        return lines.map { session.shown($0) }
    }

    /// A line typed or pasted interactively is held to the same length limit as a file's: an
    /// error at the column where it crosses 1 MiB, which never splits a character.
    @Test(arguments: [("1", 1_048_576), ("é", 1_048_576), ("키", 1_048_575)])
    func aLineOverOneMebibyteIsAnErrorWhereItCrossesTheLimit(character: String, offset: Int) {
        let line = String(repeating: character, count: 1_048_577)
        let outcome = run([line])[0]
        #expect(outcome.diagnostic?.id == .lineTooLong)
        #expect(outcome.diagnostic?.span == SourceSpan(at: offset))
    }

    @Test func interactiveResultsMarkRoundedValues() {
        let outcomes = run(["1/3", "1/4", "sqrt(2)", "sqrt(4)"], style: .interactive)
        #expect(outcomes.map(\.output) == ["≈ 0.33333333333333333333", "0.25", "≈ 1.4142135623730950488", "2"])
    }

    @Test func varsListsVariablesAndAns() {
        let outcomes = run(["vars", "b = 2", "a = 1/3", "a * 3", "vars"])
        #expect(outcomes[0].output == "no variables yet; assign one with x = 5, define a function with f(x) = x^2")
        #expect(outcomes[4].output == "a = 0.33333333333333333333\nb = 2\nans = 1")
    }

    @Test func setListsAndChangesSettings() {
        let outcomes = run(["set", "set digits 5", "1/3", "set maxdigits 50", "2^200", "set standard asia", "set"])
        #expect(
            outcomes[0].output == """
                digits     20          significant digits shown for values that are not exact decimals
                maxdigits  1000000     the most digits a result may have
                maxwork    100000000   the most work a line may do, in steps (10^8: about a second)
                angle      rad         unit of angles for sin, cos, tan and their inverses: rad or deg
                grouping   off         group digits in threes: on (1_234_567), "," (1,234,567) or off; each reads back
                standard   who         BMI classification: who, asia, nice or cdc
                glyphs     unicode     marks in habit tables: unicode (■ ·) or ascii (# .)
                suggest    on          at the prompt, suggest the last matching line as you type (→ takes it)
                preview    on          at the prompt, show the value as you type
                highlight  on          at the prompt, colour the line as you type (an unknown name in red)
                """)
        #expect(outcomes[2].output == "0.33333")
        #expect(
            outcomes[4].diagnostic?.message
                == "result would have about 61 digits, more than the limit of 50 (set maxdigits N)")
        #expect(outcomes[6].output?.contains("standard   asia") == true)
    }

    @Test(arguments: [
        ("set digits", "missing value: digits must be a whole number from 1 to 1000000"),
        ("set digits 1000001", "digits must be a whole number from 1 to 1000000"),
        ("set angle grad", "angle must be rad or deg"),
        ("set maxdigits 5", "maxdigits must be a whole number from 10 to 100000000"),
        ("set digit 5", "unknown setting 'digit'; did you mean 'digits'?"),
        ("set standard mars", "standard must be who, asia, nice or cdc"),
        (
            "help fun",
            "no help on 'fun' (topics: syntax, functions, constants, units, dates, bmi, habit); did you mean 'functions'?"
        ),
        ("help xyz", "no help on 'xyz' (topics: syntax, functions, constants, units, dates, bmi, habit)"),
        (
            "help functionz",
            "no help on 'functionz' (topics: syntax, functions, constants, units, dates, bmi, habit); did you mean 'functions'?"
        ),
        ("exit now", "unexpected argument: 'exit' takes no more"),
    ])
    func commandErrors(_ line: String, _ message: String) {
        // A note reads after its message: "…; did you mean 'digits'?".
        let diagnostic = run([line])[0].diagnostic
        #expect(diagnostic.map { ([$0.message] + $0.notes.map(\.message)).joined(separator: "; ") } == message)
    }

    @Test func helpTopicsAreWrittenForPeople() {
        let outcomes = run(["help", "help syntax", "help functions", "help bmi", "help habit"])
        #expect(outcomes[0].output?.hasPrefix("Tally: exact arithmetic") == true)
        #expect(outcomes[1].output?.contains("-2^2 = -4") == true)
        #expect(outcomes[2].output?.contains("root(x, n)") == true)
        #expect(outcomes[3].output?.contains("WHO") == true)
        #expect(outcomes[4].output?.contains("habit add") == true)
        for outcome in outcomes { #expect(outcome.diagnostic == nil) }
    }

    @Test func exitAndQuitEndTheSession() {
        #expect(run(["exit"])[0].endsSession)
        #expect(run(["quit  # bye"])[0].endsSession)
        #expect(!run(["1"])[0].endsSession)
    }

    @Test func everyCommandWordIsRecognisedAndReserved() {
        let evaluator = Session(style: .batch).evaluator
        for word in CommandWord.allCases {
            #expect(LineKind.of("  " + word.rawValue) == .command(word, argumentsStart: 2 + word.rawValue.utf8.count))
            #expect(evaluator.commandWords.contains(word.rawValue), "\(word)")
        }
        // Longer names that start like a command are variables.
        #expect(run(["helpful = 2", "helpful * 3", "sets = 1", "sets"]).map(\.output) == [nil, "6", nil, "1"])
    }

    @Test func commandWordsAreReserved() {
        #expect(run(["vars = 1"])[0].diagnostic?.message == "cannot assign to 'vars': it is a command")
    }

    /// A `set` line with an error changes nothing, even when its value was read before the
    /// error; setting names and word values are read in any letter case.
    @Test func aFailedSetChangesNothing() {
        let outcomes = run(["set digits 5 6", "1/3", "set Angle DEG", "sin(30)"])
        #expect(outcomes[0].diagnostic?.id == .extraArgument)
        #expect(outcomes[1].output == "0.33333333333333333333")
        #expect(outcomes[2].diagnostic == nil)
        #expect(outcomes[3].output == "0.5")
    }
}
