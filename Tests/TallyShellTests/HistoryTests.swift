import Foundation
import Testing

@testable import TallyShell

/// The history file: where it lives, what is recorded, and what survives problems.
struct HistoryTests {
    /// A fresh directory, removed when the test ends.
    final class Folder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tally-history-\(UUID().uuidString)")
            .path
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func contents(_ name: String) -> String? {
            try? String(contentsOfFile: path + "/" + name, encoding: .utf8)
        }
    }

    /// Collects warnings.
    final class Warnings {
        var lines: [String] = []
    }

    @Test(
        arguments: [
            (nil, false, ["XDG_STATE_HOME": "/state", "HOME": "/home/a"], "/state/tally/history"),
            (nil, false, ["HOME": "/home/a"], "/home/a/.local/state/tally/history"),
            (nil, false, ["XDG_STATE_HOME": "relative", "HOME": "/home/a"], "/home/a/.local/state/tally/history"),
            ("/tmp/h", false, ["HOME": "/home/a"], "/tmp/h"),
            ("/tmp/h", true, ["HOME": "/home/a"], nil),
            (nil, false, [:], nil),
        ] as [(String?, Bool, [String: String], String?)])
    func location(option: String?, noHistory: Bool, environment: [String: String], expected: String?) {
        #expect(History.location(option: option, noHistory: noHistory, environment: environment) == expected)
    }

    @Test(arguments: [(nil, 1000), ("50", 50), ("0", 0), ("-3", 0), ("lots", 1000)] as [(String?, Int)])
    func limitFromTheEnvironment(value: String?, expected: Int) {
        let environment = value.map { ["TALLY_HISTSIZE": $0] } ?? [:]
        #expect(History.limit(environment: environment) == expected)
    }

    @Test func recordsEachLineAtOnceSkippingRepeatsBlanksAndSpacePrefixedLines() {
        let folder = Folder()
        var history = History(path: folder.path + "/a/b/history", warn: { _ in })
        let loaded = history.load()
        #expect(loaded == [])
        let recorded = ["1+1", "1+1", " secret", "", "   ", "2+2", "1+1"].map { history.record($0) }
        #expect(recorded == [true, false, false, false, false, true, true])
        #expect(folder.contents("a/b/history") == "1+1\n2+2\n1+1\n")
    }

    @Test func aLineWithControlCharactersIsRecalledButNeverWritten() {
        let folder = Folder()
        var history = History(path: folder.path + "/history", warn: { _ in })
        _ = history.load()
        let recorded = ["1\n+2", "3\u{1B}[A", "4\t+ 5"].map { history.record($0) }
        #expect(recorded == [true, true, true])
        #expect(folder.contents("history") == "4\t+ 5\n")
    }

    @Test func loadsTheNewestLinesAndTrimsTheFileToTheLimit() throws {
        let folder = Folder()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let lines = (1...12).map { "\($0)*2" }
        try lines.map { $0 + "\n" }.joined().write(toFile: folder.path + "/history", atomically: false, encoding: .utf8)
        var history = History(path: folder.path + "/history", limit: 5, warn: { _ in })
        let loaded = history.load()
        #expect(loaded == Array(lines.suffix(5)))
        #expect(folder.contents("history") == lines.suffix(5).map { $0 + "\n" }.joined())
        // The last loaded line counts as the previous one.
        let repeated = history.record("12*2")
        #expect(!repeated)
    }

    @Test func anUnwritableFileIsOneWarningAndTheSessionGoesOn() throws {
        let folder = Folder()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        // A directory where the file should be: neither readable as lines nor writable.
        try FileManager.default.createDirectory(atPath: folder.path + "/history", withIntermediateDirectories: true)
        let warnings = Warnings()
        var history = History(path: folder.path + "/history", warn: { warnings.lines.append($0) })
        let loaded = history.load()
        #expect(loaded == [])
        let recorded = ["1+1", "2+2"].map { history.record($0) }
        #expect(recorded == [true, true])
        #expect(warnings.lines.count == 1)
        #expect(warnings.lines.first?.hasPrefix("tally: history: ") == true)
    }

    @Test func noFileMeansRecallWithinTheSessionOnly() {
        var history = History(path: nil, warn: { _ in Issue.record("no warning expected") })
        let loaded = history.load()
        #expect(loaded == [])
        let recorded = history.record("1+1")
        #expect(recorded)
    }

    /// Trimming writes through a temporary file made with `mkstemp`: a symbolic link planted at
    /// the name an older Tally used (`<history>.tmp.<pid>`) is never followed.
    @Test func trimmingNeverFollowsAPlantedLink() throws {
        let folder = Folder()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let path = folder.path + "/history"
        try (1...20).map { "\($0)+1\n" }.joined().write(toFile: path, atomically: false, encoding: .utf8)
        let victim = folder.path + "/victim"
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path + ".tmp.\(getpid())", withDestinationPath: victim)
        let warnings = Warnings()
        var history = History(path: path, limit: 5, warn: { warnings.lines.append($0) })
        #expect(history.load() == ["16+1", "17+1", "18+1", "19+1", "20+1"])
        #expect(warnings.lines.isEmpty)
        #expect(folder.contents("victim") == "precious\n")
        #expect(folder.contents("history") == "16+1\n17+1\n18+1\n19+1\n20+1\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["history", "history.tmp.\(getpid())", "victim"])
    }
}
