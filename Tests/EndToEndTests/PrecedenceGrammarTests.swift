import Foundation
import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyCore

/// The parser's precedence table and the one written in Grammar/tally.ebnf must agree.
@Suite struct PrecedenceGrammarTests {
    @Test func grammarListsTheParsersPrecedenceLevels() throws {
        let grammar = try String(
            contentsOf: TallyUnderTest.repositoryRoot.appendingPathComponent("Grammar/tally.ebnf"), encoding: .utf8)
        let rows = grammar.split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("precedence ") }
            .map { $0.split(separator: " ").map(String.init) }
        let fromGrammar = rows.map { row in
            (level: row[1], operators: Array(row[2..<(row.count - 1)]), associativity: row[row.count - 1])
        }
        let fromParser = Precedence.allCases.map { level in
            (level: "\(level)", operators: level.table.operators, associativity: level.table.associativity)
        }
        #expect(fromGrammar.map(\.level) == fromParser.map(\.level))
        #expect(fromGrammar.map(\.operators) == fromParser.map(\.operators))
        #expect(fromGrammar.map(\.associativity) == fromParser.map(\.associativity))
    }

    @Test func grammarListsTheFunctionTable() throws {
        #expect(try alternatives(of: "function name") == FunctionTable.builtIn.functionNames)
        #expect(try alternatives(of: "constant") == FunctionTable.builtIn.constantNames)
        let entries = FunctionTable.builtIn.entries
        #expect(try alternatives(of: "function alias") == entries.filter(\.isFunction).flatMap(\.aliases))
        #expect(try alternatives(of: "constant alias") == entries.filter { !$0.isFunction }.flatMap(\.aliases))
    }

    /// The quoted alternatives of a production of Grammar/tally.ebnf: `name = "a" | "b" ;`.
    private func alternatives(of production: String) throws -> [String] {
        let grammar = try String(
            contentsOf: TallyUnderTest.repositoryRoot.appendingPathComponent("Grammar/tally.ebnf"), encoding: .utf8)
        let definition = production.padding(toLength: 18, withPad: " ", startingAt: 0) + "="
        let start = try #require(grammar.range(of: "\n" + definition))
        let end = try #require(grammar.range(of: ";", range: start.upperBound..<grammar.endIndex))
        return grammar[start.upperBound..<end.lowerBound].split(separator: "|").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
    }
}
