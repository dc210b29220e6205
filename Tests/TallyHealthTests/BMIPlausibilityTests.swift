import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyHealth
@testable import TallyShell

/// The checks that need both measurements, and the words `bmi` reads as units.
@Suite struct BMIPlausibilityTests {
    /// A BMI outside 10–150 is an error at both arguments; each reading the notes suggest is one
    /// whose BMI most adults have.
    @Test(arguments: [
        (
            "bmi ⟨69 154⟩", "implausible BMI 323.5",
            [
                "read as a height of 69 cm and a weight of 154 kg",
                "the height comes first: did you mean bmi 154 69? (BMI 29.1)",
                "did you mean 69in 154lb (inches and pounds)? (BMI 22.7)",
            ]
        ),
        ("bmi ⟨50 2⟩", "implausible BMI 8.0", ["read as a height of 50 cm and a weight of 2 kg"]),
        ("bmi ⟨.5m 70⟩", "implausible BMI 280.0", ["read as a height of 50 cm and a weight of 70 kg"]),
    ])
    func implausibleBMI(_ marked: String, _ message: String, _ notes: [String]) {
        let line = MarkedLine(marked)
        do {
            _ = try runBMI(line.text)
            Issue.record("no error for \(line.text)")
        } catch let error as Diagnostic {
            #expect(error.id == .bmiImplausibleResult)
            #expect(error.span == line.span)
            #expect(error.message.hasPrefix(message + ":"), "\(error.message)")
            #expect(error.notes.map(\.message) == notes)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test(arguments: ["bmi 50 2.5", "bmi 272 650", "bmi 100 150", "bmi 100 10"])
    func boundsAreAccepted(_ line: String) throws {
        _ = try runBMI(line)
    }

    /// A bare number beside an imperial unit, when both readings are plausible, is an error that
    /// asks for its unit (`bmi 69 in 160` could be 160 kg or 160 lb).
    @Test(arguments: [
        ("bmi 5'9\" ⟨154⟩", "write 154lb or 154kg"),
        ("bmi ⟨69⟩ 154lb", "write 69in or 69cm"),
        ("bmi 5ft9in ⟨w⟩", "write (w)lb or (w)kg"),
        ("bmi 69 in ⟨160⟩", "write 160lb or 160kg"),
    ])
    func unitGuessIsAnError(_ marked: String, _ note: String) throws {
        let line = MarkedLine(marked)
        do {
            _ = try runBMI(line.text)
            Issue.record("no error")
        } catch let error as Diagnostic {
            #expect(error.severity == .error)
            #expect(error.id == .bmiUnitGuess)
            #expect(error.span == line.span)
            #expect(error.message.hasPrefix("give the unit of"))
            #expect(error.notes.map(\.message) == [note])
        }
    }

    /// No warning where nothing was guessed, or where the other reading is implausible.
    @Test(arguments: ["bmi 175 70", "bmi 5ft9in 154lb", "bmi 175 154lb", "bmi 1.75m 70"])
    func noWarning(_ line: String) throws {
        #expect(try runBMI(line).warnings.isEmpty)
    }

    /// Every spelling of the calculator's table, in any case and in full-width letters.
    @Test(arguments: [
        ("CMS", "cm"), ("centimeters", "cm"), ("Centimetres", "cm"), ("ｃｍ", "cm"), ("mm", "mm"), ("metres", "m"),
        ("inches", "in"), ("″", "in"), ("feet", "ft"), ("′", "ft"), ("kgs", "kg"), ("kilos", "kg"),
        ("pounds", "lb"), ("LBS", "lb"), ("stone", "st"),
    ])
    func unitWords(_ word: String, _ symbol: String) {
        #expect(BMIExpressionAdapter.unit(word)?.symbol == symbol)
    }
}
