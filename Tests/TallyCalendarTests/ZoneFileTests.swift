import Testing

@testable import TallyCalendar

/// ``ZoneRules`` asks the C library about a zone only at the transitions its file lists, and
/// after the last one with `TZ` set to the file's footer (ZoneFile.swift). Both must give what
/// `localtime_r` gives on the zone's own file, for every zone of the system's database.
@Suite struct ZoneFileTests {
    @Test func keptOffsetsAreTheCLibrarysInEveryZone() throws {
        let names = ZoneRules.allNames
        #expect(names.count > 300)
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        var withRule = 0
        var failures: [String] = []
        for name in names {
            let zone = try #require(Zone.named(name), "\(name)")
            let file = ZoneRules.state.withLock { $0.files[Int(zone.raw) - 1] }
            var instants: [Int] = []
            if let file {
                // Both sides of every transition in the supported range.
                for transition in file.transitions where DateTime.supportedSeconds.contains(transition) {
                    instants += [transition - 1, transition]
                }
                if file.rule != nil, DateTime.supportedSeconds.contains(file.ruleStart) {
                    withRule += 1
                    // Every six hours of a year soon after the rule starts and of one far on,
                    // whatever the kept spans say (the rule is read a year at a time).
                    for start in [file.ruleStart + 5 * 31_556_952, 3_900_000_000] {
                        instants += Array(stride(from: start, to: start + 31_556_952, by: 6 * 3600))
                    }
                    // Both sides of every change the kept spans have in three years of the rule,
                    // one of them far on.
                    for start in [file.ruleStart, file.ruleStart + 10 * 31_556_952, 4_000_000_000] {
                        for seconds in stride(from: start, to: start + 3 * 31_556_952, by: 86_400)
                        where ZoneRules.offset(of: zone, at: seconds)
                            != ZoneRules.offset(of: zone, at: seconds + 86_400)
                        {
                            instants += bisected(zone, from: seconds, to: seconds + 86_400)
                        }
                    }
                }
            }
            // Anywhere from 1900 to 2100.
            for _ in 0..<150 { instants.append(Int.random(in: -2_208_988_800..<4_102_444_800, using: &generator)) }
            let expected = ZoneRules.uncachedOffsets(of: zone, at: instants)
            for (instant, offset) in zip(instants, expected) where ZoneRules.offset(of: zone, at: instant) != offset {
                failures.append(
                    "\(name) at \(instant): kept \(ZoneRules.offset(of: zone, at: instant)), C library \(offset)")
            }
            checked += instants.count
        }
        #expect(failures.isEmpty, "\(failures.count) mismatches: \(failures.prefix(5))")
        #expect(withRule > 100)
        #expect(checked > 100_000)
    }

    /// The two seconds around the change of the kept offset between `low` and `high`.
    func bisected(_ zone: Zone, from low: Int, to high: Int) -> [Int] {
        var low = low
        var high = high
        let first = ZoneRules.offset(of: zone, at: low)
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if ZoneRules.offset(of: zone, at: middle) == first { low = middle } else { high = middle }
        }
        return [low, high]
    }

    @Test func damagedOrForeignFilesAreNotRead() {
        #expect(ZoneFile([]) == nil)
        #expect(ZoneFile(Array("TZif2".utf8) + [UInt8](repeating: 0, count: 39)) == nil)
        #expect(ZoneFile(Array("TZif".utf8) + [0] + [UInt8](repeating: 0, count: 39)) == nil)
        #expect(ZoneFile(Array("not a zone file at all, but long enough to have a header".utf8)) == nil)
        #expect(ZoneFile.read("/dev/null") == nil)
        #expect(ZoneFile.read("/nonexistent/zone") == nil)
        let paris = ZoneFile.read(ZoneRules.databasePath + "/Europe/Paris")
        #expect(paris?.rule == "CET-1CEST,M3.5.0,M10.5.0/3")
        #expect((paris?.transitions.count ?? 0) > 100)
        #expect(paris?.isStandardTimeOnly == false)
        #expect(ZoneFile.read(ZoneRules.databasePath + "/Asia/Kathmandu")?.isStandardTimeOnly == true)
        #expect(ZoneFile.read(ZoneRules.databasePath + "/Asia/Seoul")?.isStandardTimeOnly == true)
        #expect(ZoneFile.read(ZoneRules.databasePath + "/America/St_Johns")?.isStandardTimeOnly == false)
        #expect(ZoneFile.read(ZoneRules.databasePath + "/Pacific/Chatham")?.isStandardTimeOnly == false)
        // A footer that is also a file's name is read by glibc as that file: not used.
        #expect(ZoneFile.read(ZoneRules.databasePath + "/Africa/Abidjan")?.rule == nil)
    }
}
