import Foundation
import TallyDiagnostics
import Testing

@testable import TallyHabits

@Suite struct ExportFormatTests {
    @Test(arguments: [
        ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("two\nlines", "\"two\nlines\""),
        ("cr\r", "\"cr\r\""), (" edge", "\" edge\""), ("물 마시기", "물 마시기"),
    ])
    func quotesCSVFieldsThatNeedIt(field: String, expected: String) {
        #expect(HabitExportFormat.csvField(field) == expected)
    }

    @Test(arguments: ["plain", "quote \" backslash \\ slash /", "tab\tnewline\nbell\u{7}", "물 마시기 👍🏽", "\u{2028}\u{7F}"])
    func writesJSONStringsThatParseBack(text: String) throws {
        let literal = JSONText.string(text)
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
        #expect(decoded == [text])
        // The reader `habit import` uses reads them back the same.
        #expect(try JSONReader.read(Array("[\(literal)]".utf8)) == .array([.string(text, at: 1)], at: 0))
    }

    @Test func emptyStoreExportsValidDocuments() throws {
        #expect(HabitExportFormat.csv.render([]) == "name,start_day,archive_day,target,day,state,note\n")
        let json = HabitExportFormat.json.render([])
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
    }

    /// What JSON the import reader refuses, and where (a byte offset).
    @Test(arguments: [
        ("[1, 2", 5, "',' or ']'"), ("{\"a\" 1}", 5, "':' after the key"), ("[\"\\ud800\"]", 8, "low one"),
        ("[\"a\u{1}\"]", 3, "control character"), (String(repeating: "[", count: 100), 64, "nested too deeply"),
        ("[] x", 3, "after the document"), ("\"abc", 4, "never closed"),
    ])
    func theImportReaderRefusesWhatIsNotJSON(text: String, offset: Int, problem: String) {
        do {
            _ = try JSONReader.read(Array(text.utf8))
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.offset == offset, "\(text): \(error.message)")
            #expect(error.message.contains(problem), "\(text): \(error.message)")
        }
    }
}
