import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyHealth

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

    /// A bare number beside an imperial unit is read in the default unit, with a warning at it.
    @Test(arguments: [
        ("bmi 5'9\" ⟨154⟩", "154 was read as kg; write 154lb for pounds"),
        ("bmi ⟨69⟩ 154lb", "69 was read as cm; write 69in for inches"),
        ("bmi 5ft9in ⟨w⟩", "w was read as kg; write (w)lb for pounds"),
    ])
    func unitGuessWarning(_ marked: String, _ note: String) throws {
        let line = MarkedLine(marked)
        let warnings = try runBMI(line.text).warnings
        #expect(warnings.count == 1)
        #expect(warnings.first?.severity == .warning)
        #expect(warnings.first?.id == .bmiUnitGuess)
        #expect(warnings.first?.span == line.span)
        #expect(warnings.first?.notes.map(\.message) == [note])
    }

    /// No warning where nothing was guessed, or where the other reading is implausible.
    @Test(arguments: ["bmi 175 70", "bmi 5ft9in 154lb", "bmi 175 154lb", "bmi 1.75m 70"])
    func noWarning(_ line: String) throws {
        #expect(try runBMI(line).warnings.isEmpty)
    }

    /// Every spelling in the one table, in any case and in full-width letters.
    @Test(arguments: [
        ("CMS", MeasurementUnit.centimetre), ("centimeters", .centimetre), ("Centimetres", .centimetre),
        ("ｃｍ", .centimetre), ("mm", .millimetre), ("metres", .metre), ("inches", .inch), ("″", .inch),
        ("feet", .foot), ("′", .foot), ("kgs", .kilogram), ("kilos", .kilogram), ("pounds", .pound),
        ("LBS", .pound), ("stone", .stone),
    ])
    func unitWords(_ word: String, _ unit: MeasurementUnit) {
        #expect(MeasurementUnit(symbol: word) == unit)
    }
}
