import Foundation
import TallyCore
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
    }

    @Test func emptyStoreExportsValidDocuments() throws {
        #expect(HabitExportFormat.csv.render([]) == "name,start_day,archive_day,done_day\n")
        let json = HabitExportFormat.json.render([])
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
    }
}
