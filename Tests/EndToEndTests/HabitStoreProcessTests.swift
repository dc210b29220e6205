import Foundation
import TallyTestSupport
import Testing

/// The habit store under real processes: two writers at once, and a writer killed mid-run.
@Suite struct HabitStoreProcessTests {
    /// Lines that add `name` and mark `count` consecutive days done from 2020-01-01.
    static func script(habit name: String, days count: Int) -> String {
        var lines = ["habit add \(name) since 2020-01-01"]
        var day = DateComponents(calendar: Calendar(identifier: .gregorian), year: 2020, month: 1, day: 1).date!
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.calendar = Calendar(identifier: .gregorian)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        day = calendar.date(from: DateComponents(year: 2020, month: 1, day: 1))!
        for _ in 0..<count {
            lines.append("habit done \(name) \(formatter.string(from: day))")
            day = calendar.date(byAdding: .day, value: 1, to: day)!
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Eight sessions writing at once, each waiting on the others' locks: every write lands.
    @Test func eightProcessesWritingAtOnceAllLandEveryWrite() throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ["TALLY_TODAY": "2026-11-29", "TALLY_DATA_DIR": directory.path]
        let results = ResultsBox()
        let names = (0..<8).map { "Writer\($0)" }
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            let result = try? TallyUnderTest.run(
                standardInput: HabitStoreProcessTests.script(habit: names[index], days: 40), environment: environment)
            results.set(index, result)
        }
        for index in names.indices {
            #expect(results.get(index)?.status == 0, "\(results.get(index)?.errorText ?? "no result")")
        }
        let export = try TallyUnderTest.run(["-e", "habit export csv"], environment: environment)
        let rows = export.outputText.split(separator: "\n").dropFirst()
        for name in names { #expect(rows.filter { $0.hasPrefix(name + ",") }.count == 40, "\(name)") }
    }

    @Test func killedWriterLeavesADatabaseWithEveryAcknowledgedWrite() throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Feed many writes and kill the process once some have been acknowledged: a habit
        // line's output is flushed as soon as its change is committed.
        let script = HabitStoreProcessTests.script(habit: "Gamma", days: 1000)
        let writer = try TallyUnderTest.start(
            input: Data(script.utf8), environment: ["TALLY_TODAY": "2026-11-29", "TALLY_DATA_DIR": directory.path])
        var acknowledged = 0
        var buffer = Data()
        let deadline = Date().addingTimeInterval(20)
        while acknowledged < 100 && Date() < deadline {
            let ended = try writer.hasExited()
            buffer = try writer.outputSoFar()
            acknowledged = buffer.split(separator: UInt8(ascii: "\n")).count
            if ended { break }
            usleep(1_000)
        }
        // Only whole lines are acknowledgements.
        if let lastNewline = buffer.lastIndex(of: UInt8(ascii: "\n")) {
            buffer = buffer[...lastNewline]
        } else {
            buffer = Data()
        }
        writer.send(SIGKILL)
        let killed = try writer.wait()
        #expect(killed.signal != nil)
        let doneLines = String(decoding: buffer, as: UTF8.self).split(separator: "\n").filter {
            $0.contains(" done on ")
        }
        #expect(doneLines.count > 0)

        let export = try TallyUnderTest.run(
            ["-e", "habit export csv"], environment: ["TALLY_TODAY": "2026-11-29", "TALLY_DATA_DIR": directory.path])
        #expect(export.status == 0, "\(export.errorText)")
        let stored = Set(
            export.outputText.split(separator: "\n").dropFirst().compactMap {
                // name,start_day,archive_day,target,day,state,note: the day is the fifth field.
                $0.split(separator: ",", omittingEmptySubsequences: false).dropFirst(4).first.map(String.init)
            })
        for line in doneLines {
            // "'Gamma' done on 2020-01-05 (current streak: …)"
            let day = String(line.split(separator: " ")[3])
            #expect(stored.contains(day), "acknowledged \(day) is missing after the kill")
        }
    }

    /// Results from concurrent runs, guarded by a lock.
    final class ResultsBox: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Int: TallyRun] = [:]
        func set(_ index: Int, _ result: TallyRun?) {
            lock.lock()
            results[index] = result
            lock.unlock()
        }
        func get(_ index: Int) -> TallyRun? {
            lock.lock()
            defer { lock.unlock() }
            return results[index]
        }
    }
}
