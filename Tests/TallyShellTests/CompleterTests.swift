import Testing

@testable import TallyShell

/// What Tab offers, by context: the words before the cursor decide.
struct CompleterTests {
    let completer = Completer(
        variableNames: ["alpha", "ans", "키"], habitNames: { ["Read 20 pages", "Walk", "walk the dog", "Say \"hi\""] })

    // Readline sorts the matches it lists; the order here is only the completer's own.
    @Test(arguments: [
        // (line before the word, word) → matches
        ("", "sq", ["sqrt("]),
        ("", "r", ["r_e", "rad(", "reduced_planck_constant", "root(", "round(", "rydberg_constant"]),
        ("", "h", ["h_bar", "habit", "hartree_energy", "hbar", "help", "history", "hypot("]),
        ("", "al", ["alpha"]),
        ("", "키", ["키"]),
        ("1 + ", "h", ["h_bar", "hartree_energy", "hbar", "hypot("]),
        ("x = ", "al", ["alpha"]), ("x = ", "ab", ["abs("]),
        (
            "x = ", "p",
            ["perm(", "phi", "pi", "planck_constant", "powmod(", "product(", "proton_mass", "pstdev(", "pvariance("]
        ),
        ("help ", "f", ["functions"]),
        ("help ", "", ["syntax", "functions", "constants", "units", "dates", "bmi", "habit"]),
        ("help functions ", "", []),
        ("set ", "d", ["digits"]),
        ("set ", "m", ["maxdigits", "maxwork"]),
        ("set standard ", "", ["who", "asia", "nice", "cdc"]),
        ("habit ", "d", ["done", "describe", "delete"]),
        ("habit export ", "", ["csv", "json"]),
        ("habit list ", "", ["all"]),
        ("habit done ", "w", ["\"walk the dog\"", "Walk"]),
        ("habit show ", "re", ["\"Read 20 pages\""]),
        ("habit done \"", "Read", ["Read 20 pages"]),
        ("habit undo ", "s", ["'Say \"hi\"'"]),
        ("habit add ", "w", []),
        // Dates: the calendar's constants, a habit's DATE words, zone names.
        ("", "tod", ["today"]), ("x = ", "tom", ["tomorrow"]), ("1 + ", "no", ["now"]),
        ("habit skip Walk ", "ye", ["yesterday"]), ("habit done Walk ", "t", ["today", "tuesday", "thursday"]),
        ("habit done Read ", "w", ["\"walk the dog\"", "Walk", "wednesday"]),
        ("habit add Walk daily since ", "mo", ["monday"]), ("habit show Walk ", "t", []),
        ("now to ", "Asia/Seo", ["Asia/Seoul"]), ("2026-12-25T09:00 ", "Europe/Par", ["Europe/Paris"]),
        // Unit names after a number, a ')' or 'to'; a name elsewhere is a function or variable.
        ("5 ", "kW", ["kW", "kWh"]), ("", "5kW", ["5kW", "5kWh"]), ("(1 + 2) ", "mp", ["mpg", "mph"]),
        ("5 km to ", "ya", ["yard", "yards"]), ("5 to ", "fr", ["fraction"]), ("", "mi", ["min("]),
        ("bmi 180cm ", "al", ["alpha"]),
        ("bmi 175 ", "centimet", ["centimeter", "centimeters", "centimetre", "centimetres"]),
        ("bmi 175 70 ", "ag", ["age"]),
        ("bmi 175 70 age 10 ", "gi", ["girl"]),
        // What `unset` removes; nothing after a command that takes no argument.
        ("unset ", "al", ["alpha"]), ("unset alpha ", "", []), ("vars ", "", []), ("exit ", "", []),
        // The prompt's own words read as the classifier reads them: `history = ` is an assignment.
        ("history = ", "al", ["alpha"]),
    ])
    func offers(prefix: String, word: String, matches: [String]) {
        #expect(completer.complete(word, after: prefix).matches == matches)
    }

    @Test func userFunctionsAreOfferedWithTheirParenthesis() throws {
        var session = Session(style: .batch)
        _ = session.handle("square(x) = x^2")
        _ = session.handle("squad = 3")
        let completion = session.completer().complete("squ", after: "")
        #expect(completion.matches == ["squad", "square("])
        _ = session.handle("unset square")
        #expect(session.completer().complete("squ", after: "").matches == ["squad"])
    }

    @Test func aSingleFunctionIsFollowedByItsParenthesisNotASpace() {
        #expect(completer.complete("sq", after: "").appendsSpace == false)
        #expect(completer.complete("al", after: "").appendsSpace == true)
        #expect(completer.complete("r", after: "").appendsSpace == true)
    }

    @Test func habitNamesAreOnlyLookedUpWhereOneIsWanted() {
        var asked = false
        let watching = Completer(
            variableNames: [],
            habitNames: {
                asked = true
                return []
            })
        _ = watching.complete("s", after: "")
        _ = watching.complete("d", after: "habit ")
        #expect(!asked)
        _ = watching.complete("", after: "habit done ")
        #expect(asked)
    }
}
