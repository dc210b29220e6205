import Testing

@testable import TallyCalendar

/// ``ZoneRules`` reads every offset from the zone's file (its transitions and its footer's POSIX
/// rule, ``ZoneFile`` and ``ZoneRule``) and never asks the C library. It must give what
/// `localtime_r` gives on the zone's own file, for every zone of the system's database.
@Suite struct ZoneFileTests {
    @Test func offsetsAreTheCLibrarysInEveryZone() throws {
        let names = ZoneRules.allNames
        #expect(names.count > 300)
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        var withRule = 0
        var failures: [String] = []
        for name in names {
            let zone = try #require(Zone.named(name), "\(name)")
            guard zone != .utc else { continue }
            let file = try #require(ZoneRules.state.withLock { $0.files[Int(zone.raw) - 1] }, "\(name)")
            // Both sides of every transition in the supported range.
            var instants: [Int] = []
            for transition in file.transitions where DateTime.supportedSeconds.contains(transition) {
                instants += [transition - 1, transition]
            }
            if let last = file.transitions.last, file.rule?.daylight != nil,
                DateTime.supportedSeconds.contains(last)
            {
                withRule += 1
                // Every six hours of a year soon after the rule starts and of one far on.
                for start in [last + 5 * 31_556_952, 3_900_000_000] {
                    instants += Array(stride(from: start, to: start + 31_556_952, by: 6 * 3600))
                }
                // Both sides of every change the rule makes in three years of it, one of them far on.
                for start in [last, last + 10 * 31_556_952, 4_000_000_000] {
                    for seconds in stride(from: start, to: start + 3 * 31_556_952, by: 86_400)
                    where ZoneRules.offset(of: zone, at: seconds) != ZoneRules.offset(of: zone, at: seconds + 86_400) {
                        instants += bisected(zone, from: seconds, to: seconds + 86_400)
                    }
                }
            }
            // Anywhere from 1900 to 2100.
            for _ in 0..<150 { instants.append(Int.random(in: -2_208_988_800..<4_102_444_800, using: &generator)) }
            let expected = ZoneRules.uncachedOffsets(of: zone, at: instants)
            for (instant, offset) in zip(instants, expected) where ZoneRules.offset(of: zone, at: instant) != offset {
                failures.append(
                    "\(name) at \(instant): read \(ZoneRules.offset(of: zone, at: instant)), C library \(offset)")
            }
            checked += instants.count
        }
        #expect(failures.isEmpty, "\(failures.count) mismatches: \(failures.prefix(5))")
        #expect(withRule > 100)
        #expect(checked > 100_000)
    }

    /// The two seconds around the change of offset between `low` and `high`.
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

    /// Rules of every form POSIX and RFC 8536 allow, evaluated as glibc evaluates them with `TZ`
    /// set to the rule itself: each day from 2020 to 2030, then both sides of each change.
    @Test(arguments: [
        "EST5EDT,M3.2.0,M11.1.0", "CET-1CEST,M3.5.0,M10.5.0/3", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",
        "IST-2IDT,M3.4.4/26,M10.5.0", "<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "AAA3BBB,J60/2,J300/-1",
        "XXX-3YYY,0/0,365/25", "NZST-12NZDT,M9.5.0,M4.1.0/3", "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1",
        "KST-9", "<+0545>-5:45", "AAA+3:30:15BBB+2:10,M3.2.0,M11.1.0", "UTC0",
    ])
    func rulesAreTheCLibrarys(_ text: String) throws {
        let rule = try #require(ZoneRule(text), "\(text)")
        var instants = Array(stride(from: 1_577_836_800, to: 1_893_456_000, by: 86_400))
        for seconds in instants where rule.offset(at: seconds) != rule.offset(at: seconds + 86_400) {
            instants += [seconds + 86_400 - 1, seconds + 86_400]
            var low = seconds
            var high = seconds + 86_400
            while high - low > 1 {
                let middle = (low + high) / 2
                if rule.offset(at: middle) == rule.offset(at: low) { low = middle } else { high = middle }
            }
            instants += [low, high]
        }
        let expected = ZoneRules.libraryOffsets(withTZ: text, at: instants)
        let wrong = zip(instants, expected).filter { rule.offset(at: $0) != $1 }
        #expect(wrong.isEmpty, "\(text): \(wrong.prefix(3))")
    }

    @Test(arguments: [
        "", "AB1", "ABC", "ABC1DEF,M13.1.0,M1.1.0", "ABC1DEF,M3.2.0", "ABC1,M3.2.0,M11.1.0", "<AB>1", "ABC1DEF,J0,J1",
    ])
    func malformedRulesAreNotRead(_ text: String) {
        #expect(ZoneRule(text) == nil, "\(text)")
    }

    @Test func damagedOrForeignFilesAreNotRead() {
        #expect(ZoneFile([]) == nil)
        #expect(ZoneFile(Array("TZif2".utf8) + [UInt8](repeating: 0, count: 39)) == nil)
        #expect(ZoneFile(Array("TZif".utf8) + [0] + [UInt8](repeating: 0, count: 39)) == nil)
        #expect(ZoneFile(Array("not a zone file at all, but long enough to have a header".utf8)) == nil)
        #expect(ZoneFile.read("/dev/null") == nil)
        #expect(ZoneFile.read("/nonexistent/zone") == nil)
        let paris = ZoneFile.read(ZoneRules.databasePath + "/Europe/Paris")
        #expect(paris?.rule == ZoneRule("CET-1CEST,M3.5.0,M10.5.0/3"))
        #expect(paris?.rule?.standardOffset == 3600)
        #expect(paris?.rule?.daylight?.offset == 7200)
        #expect((paris?.transitions.count ?? 0) > 100)
        #expect(ZoneFile.read(ZoneRules.databasePath + "/Asia/Kathmandu")?.rule == ZoneRule("<+0545>-5:45"))
        #expect(ZoneFile.read(ZoneRules.databasePath + "/Asia/Kathmandu")?.rule?.daylight == nil)
        #expect(ZoneFile.read(ZoneRules.databasePath + "/Africa/Abidjan")?.rule?.standardOffset == 0)
    }
}
