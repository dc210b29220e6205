import Testing

@testable import TallyCore
@testable import TallyDiagnostics

@Suite struct SuggestionTests {
    @Test(arguments: [
        ("dnoe", ["add", "done", "list"], "done"),
        ("lsit", ["add", "done", "list"], "list"),
        ("sqr", FunctionTable.builtIn.names, "sqrt"),
        ("lc", FunctionTable.builtIn.names, "lcm"),
        ("SQRT2", FunctionTable.builtIn.names, "sqrt"),
    ])
    func suggestsTheNearestWord(_ word: String, _ candidates: [String], _ expected: String?) {
        #expect(Suggestion.nearest(to: word, in: candidates) == expected)
    }

    @Test func anAmbiguousAbbreviationGetsNoGuess() {
        // "ro" abbreviates both root and round, and is two edits from either.
        #expect(Suggestion.nearest(to: "ro", in: FunctionTable.builtIn.names) == nil)
    }

    @Test func farWordsGetNoSuggestion() {
        #expect(Suggestion.nearest(to: "x", in: ["add", "done", "list"]) == nil)
        #expect(Suggestion.nearest(to: "foo", in: FunctionTable.builtIn.names) == nil)
        #expect(Suggestion.nearest(to: "", in: ["a"]) == nil)
    }

    @Test func editDistanceCountsCharactersAndSwaps() {
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("물마시기", "물 마시기") == 1)
        #expect(Suggestion.editDistance("ab", "ba") == 1)
    }
}
