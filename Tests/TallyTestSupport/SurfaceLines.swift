import Foundation

/// The lines every surface of Tally must read alike: each line of `Grammar/examples`, each
/// input of the dialect corpus and 2,000 generated lines (values, warnings and errors), in one
/// order, so that assignments carry to the lines after them on every surface.
public enum SurfaceLines {
    /// The environment that makes every run of the lines the same: a pinned day and clock.
    public static let environment = [
        "TALLY_TODAY": "2026-11-29", "TALLY_NOW": "2026-11-29T09:30:00Z", "TZ": "Europe/Paris",
    ]

    /// All the lines, `exit` and `quit` left out (they end a run).
    public static let all: [String] = {
        let lines = examples + corpus + generated(count: 2_000, seed: 37)
        return lines.filter { line in
            let word = line.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
            return word != "exit" && word != "quit" && !line.contains("\r")
        }
    }()

    /// Each line of each example file, in the order of their names.
    static var examples: [String] {
        let directory = TallyUnderTest.repositoryRoot.appendingPathComponent("Grammar/examples")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".tally") }.sorted()
        return names.flatMap { name -> [String] in
            let text = (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// The INPUT field of each case of the dialect corpus.
    static var corpus: [String] {
        let url = TallyUnderTest.repositoryRoot.appendingPathComponent("Tests/Dialect/corpus.txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            if line.hasPrefix("#") { return nil }
            return line.components(separatedBy: " ‖ ").first
        }
    }

    /// `count` lines made from a fixed `seed`: numbers of every form, operators, calls, units,
    /// percentages, digit groups and the usual typos, so that values, warnings and errors all
    /// come.
    public static func generated(count: Int, seed: UInt64) -> [String] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let atoms = [
            "0", "1", "2", "7", "12", "0.5", "3.14", "1e3", "2.5E-3", "0x1F", "0b101", "1/3", "1,234", "10%", "pi", "e",
            "sqrt(2)", "sin(1)", "ln(10)", "5!", "2^10", "x", "ans", "3 km", "5 ft 9 in", "2²", "6×7", "8÷2", "(1+2)",
            "gcd(12, 18)", "max(1, 5)", "007", "1 +", "(2", "$", "1/0", "2x", "sqrt -1", "1,5", "1 000",
        ]
        let operators = [" + ", " - ", " * ", " / ", "^", " // ", " % ", " mod ", "", " < "]
        let tails = ["", "", "", "", " to hex", " to 3 digits", " to fraction", " to m", " # comment"]
        var lines = ["x = 3"]
        while lines.count < count {
            var line = atoms[next(atoms.count)]
            for _ in 0..<next(4) { line += operators[next(operators.count)] + atoms[next(atoms.count)] }
            line += tails[next(tails.count)]
            lines.append(line)
        }
        return lines
    }
}
