import Foundation
import TallyDiagnostics
import Testing

/// Every JSON Tally writes is a `JSONValue` written by one encoder: compact for JSON Lines,
/// indented for files, escaped in one place, and valid whatever the text.
struct JSONValueTests {
    static let sample = JSONValue.object([
        "name": .string("물 \"quoted\"\n\u{1B}[2J"), "count": .integer(-3), "ratio": .number(text: "0.25")!,
        "none": .null, "yes": .bool(true),
        "days": .array([.string("2026-11-03"), .string("2026-11-05")]),
        "ranges": .array([.array([.string("a"), .string("b")])]),
        "notes": .object(["2026-11-05": .string("legs")]),
        "habits": .array([.object(["done": .array([])])]),
    ])

    @Test func compactIsOneLineAndParses() throws {
        let text = Self.sample.encoded
        #expect(!text.contains("\n"))
        #expect(text.hasPrefix(#"{"name":"물 \"quoted\"\n\u001b[2J","count":-3,"ratio":0.25,"none":null,"yes":true,"#))
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    }

    @Test func indentedKeepsListsOfScalarsOnOneLine() throws {
        let text = Self.sample.encoded(indent: 2)
        #expect(text.contains(#"  "days": ["2026-11-03", "2026-11-05"],"#))
        #expect(text.contains(#"  "ranges": [["a", "b"]],"#))
        #expect(text.contains(#"  "notes": {"2026-11-05": "legs"},"#))
        #expect(text.contains("  \"habits\": [\n    {\n      \"done\": []\n    }\n  ]\n}\n"))
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    }

    @Test(arguments: ["0", "-1", "22.9", "1e5", "2.5E-3", "-0.001"])
    func numbersAreCheckedAsJSONNumbers(_ text: String) {
        #expect(JSONValue.number(text: text) != nil)
    }

    @Test(arguments: ["1.", "+1", "0x1F", "01", ".5", "1e", "NaN", "1,5", ""])
    func textThatIsNoJSONNumberIsRefused(_ text: String) {
        #expect(JSONValue.number(text: text) == nil)
    }
}
