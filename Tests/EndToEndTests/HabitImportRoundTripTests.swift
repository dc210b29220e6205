import Foundation
import TallyTestSupport
import Testing

/// What `habit export` writes comes back whole through `habit import`: text a spreadsheet would
/// run as a formula is neutralised in the CSV and restored on import, and the order set with
/// `habit move` survives both formats.
@Suite struct HabitImportRoundTripTests {
    private func run(_ lines: [String], in store: URL) throws -> TallyRun {
        try TallyUnderTest.run(
            lines.flatMap { ["-e", $0] }, environment: ["TALLY_TODAY": "2026-11-29", "TALLY_DATA_DIR": store.path])
    }

    /// Names, notes and descriptions starting `=`, `@`, `+`, `-` (or `'` before one) get a `'`
    /// in the CSV, as OWASP recommends, and import as they were typed.
    @Test func formulasAreNeutralisedAndRestored() throws {
        let folder = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("first")
        let setUp = try run(
            [
                "habit add '=HYPERLINK(\"http://example.com\",\"x\")'", "habit add '@SUM(1+1)'", "habit add '+1'",
                "habit add \"'-2\"", "habit add Plain", "habit note Plain today '-3 km, =cmd|calc'",
                "habit describe '+1' '@import'",
            ], in: first)
        #expect(setUp.status == 0, "\(setUp.errorText)")
        let csvFile = folder.appendingPathComponent("habits.csv").path
        let export = try run(["habit export csv '\(csvFile)'", "habit export csv"], in: first)
        #expect(
            export.outputText == """
                exported 5 habits to \(csvFile)
                name,start_day,archive_day,target,day,state,note
                ''-2,2026-11-29,,daily,,,
                '+1,2026-11-29,,daily,,description,'@import
                "'=HYPERLINK(""http://example.com"",""x"")",2026-11-29,,daily,,,
                '@SUM(1+1),2026-11-29,,daily,,,
                Plain,2026-11-29,,daily,2026-11-29,,"'-3 km, =cmd|calc"

                """, "\(export.outputText)")
        let second = folder.appendingPathComponent("second")
        let back = try run(["habit import '\(csvFile)'", "habit export json"], in: second)
        let original = try run(["habit export json"], in: first)
        #expect(back.outputText == "imported 5 habits (0 days done) from \(csvFile)\n" + original.outputText)
    }

    /// `habit move Zebra 1`, exported as CSV or JSON and imported into a fresh store: Zebra first.
    @Test(arguments: ["csv", "json"])
    func theOrderSurvivesExportAndImport(format: String) throws {
        let folder = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("habits.\(format)").path
        let first = try run(
            [
                "habit add Apple", "habit add Mango", "habit add Zebra", "habit move Zebra 1",
                "habit export \(format) '\(file)'",
            ],
            in: folder.appendingPathComponent("first"))
        #expect(first.status == 0, "\(first.errorText)")
        let imported = try run(["habit import '\(file)'", "habit list"], in: folder.appendingPathComponent("second"))
        let names = imported.outputText.split(separator: "\n").dropFirst(2).map { $0.prefix(while: { $0 != " " }) }
        #expect(names == ["Zebra", "Apple", "Mango"], "\(imported.outputText)")
    }
}
