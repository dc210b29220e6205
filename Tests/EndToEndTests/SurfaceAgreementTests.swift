import Foundation
import TallyTestSupport
import Testing

/// One entry, one outcome: the same lines give the same values and the same diagnostics
/// whichever way they come in — a file, a pipe, `-e` lines, the init file — and `--json`
/// carries the same values. (The preview is held to the same lines in process, in
/// TallyShellTests' SurfacePreviewTests.)
@Suite(.serialized) struct SurfaceAgreementTests {
    /// The lines, and a run of them in a fresh data directory and working directory.
    struct Runs {
        let lines = SurfaceLines.all
        let directory: URL
        let file: URL

        init() throws {
            directory = try TallyUnderTest.temporaryDirectory()
            file = directory.appendingPathComponent("lines.tally")
            try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        }

        /// `tally arguments`, in a data directory and working directory of its own.
        func run(_ arguments: [String], input: String = "") throws -> TallyRun {
            let place = directory.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
            return try TallyUnderTest.run(
                ["--data-dir", place.path] + arguments, input: Data(input.utf8),
                environment: SurfaceLines.environment, currentDirectory: place, timeout: 300)
        }
    }

    /// Diagnostics with the name of their source taken away (`lines.tally:3:5:` → `3:5:`, and
    /// in notes that name the line a function was defined on), as each surface names its
    /// source its own way.
    static func located(_ errors: String, source: String) -> String {
        errors.replacingOccurrences(of: source + ":", with: "")
    }

    @Test func aFileAPipeAndEvalLinesGiveTheSameOutputAndDiagnostics() throws {
        let runs = try Runs()
        defer { try? FileManager.default.removeItem(at: runs.directory) }
        #expect(runs.lines.count > 3_000)
        let file = try runs.run([runs.file.path])
        let pipe = try runs.run([], input: runs.lines.joined(separator: "\n") + "\n")
        let eval = try runs.run(runs.lines.flatMap { ["-e", $0] })
        #expect(file.status == 1, "some lines are errors")
        #expect(pipe.outputText == file.outputText)
        #expect(eval.outputText == file.outputText)
        let fileErrors = Self.located(file.errorText, source: runs.file.path)
        for (name, other) in [("<stdin>", pipe), ("<eval>", eval)] {
            let errors = Self.located(other.errorText, source: name)
            let difference = zip(errors.split(separator: "\n"), fileErrors.split(separator: "\n")).first { $0 != $1 }
            #expect(errors == fileErrors, "\(name): first difference \(difference.map { "\($0) ≠ \($1)" } ?? "")")
        }
        #expect(pipe.status == file.status && eval.status == file.status)
    }

    /// The init file runs the same lines through the same entry: the same diagnostics, and no
    /// results.
    @Test func theInitFileGivesTheSameDiagnostics() throws {
        let runs = try Runs()
        defer { try? FileManager.default.removeItem(at: runs.directory) }
        let file = try runs.run([runs.file.path])
        let initFile = try runs.run(["--init", runs.file.path, "-e", "ans"])
        #expect(
            Self.located(initFile.errorText, source: runs.file.path)
                == Self.located(file.errorText, source: runs.file.path))
        // `ans` after the init file is the last value the file's lines left.
        let lastValue = file.outputText.split(separator: "\n").last.map(String.init)
        #expect(initFile.outputText.split(separator: "\n").last.map(String.init) == lastValue)
    }

    /// `--json`: one object per line, each valid JSON, whose values and outputs, written out,
    /// are the plain run's standard output, and whose errors are its errors.
    @Test func jsonCarriesTheSameValuesAndErrors() throws {
        let runs = try Runs()
        defer { try? FileManager.default.removeItem(at: runs.directory) }
        let file = try runs.run([runs.file.path])
        let json = try runs.run(["--json", runs.file.path])
        let objects = try json.outputText.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.count == runs.lines.count)
        var written = ""
        var errorLines: [Int] = []
        for (index, object) in objects.enumerated() {
            #expect(object["line"] as? Int == index + 1)
            #expect(object["input"] as? String == runs.lines[index])
            if let value = object["value"] as? String { written += value + "\n" }
            if let output = object["output"] as? String { written += output + "\n" }
            if object["error"] != nil { errorLines.append(index + 1) }
        }
        #expect(written == file.outputText)
        let failed = file.errorText.split(separator: "\n").compactMap { line -> Int? in
            let rest = line.dropFirst(runs.file.path.count + 1)
            guard line.hasPrefix(runs.file.path + ":"), line.contains(": error: ") else { return nil }
            return Int(rest.prefix { $0.isNumber })
        }
        #expect(errorLines == failed)
        #expect(json.errorText == "")
    }
}
