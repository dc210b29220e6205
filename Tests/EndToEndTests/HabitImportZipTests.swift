import Foundation
import TallyTestSupport
import Testing

/// `habit import` of Loop's zip export, attacked through the binary: truncated and corrupted
/// archives, zip bombs, paths out of the archive, a wrong CRC-32, methods and flags Loop never
/// writes. Each gets a clear error naming the file and what is wrong, and nothing is imported.
@Suite struct HabitImportZipTests {
    private static let loopZip = TallyUnderTest.repositoryRoot.appendingPathComponent(
        "Tests/HabitFiles/Loop/Loop Habits CSV 2026-11-29.zip")

    /// One file of a test archive; `crc`, `size` and `method` override what is written.
    struct Member {
        var name: String
        var data: [UInt8]
        var stored: [UInt8]? = nil
        var method: UInt16 = 0
        var flags: UInt16 = 0
        var crc: UInt32? = nil
        var size: UInt32? = nil
    }

    /// A zip archive of `members`, as the format describes it (local headers, central
    /// directory, end record); `count` overrides the number of entries the end record states.
    static func archive(_ members: [Member], count: UInt16? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        var directory: [UInt8] = []
        func le16(_ value: UInt16, _ into: inout [UInt8]) { into += [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func le32(_ value: UInt32, _ into: inout [UInt8]) {
            le16(UInt16(value & 0xFFFF), &into)
            le16(UInt16(value >> 16), &into)
        }
        for member in members {
            let name = Array(member.name.utf8)
            let payload = member.stored ?? member.data
            let crc = member.crc ?? crc32(member.data)
            let size = member.size ?? UInt32(member.data.count)
            let offset = UInt32(bytes.count)
            le32(0x0403_4B50, &bytes)
            le16(20, &bytes)
            le16(member.flags, &bytes)
            le16(member.method, &bytes)
            le32(0, &bytes)
            le32(crc, &bytes)
            le32(UInt32(payload.count), &bytes)
            le32(size, &bytes)
            le16(UInt16(name.count), &bytes)
            le16(0, &bytes)
            bytes += name + payload
            le32(0x0201_4B50, &directory)
            le16(20, &directory)
            le16(20, &directory)
            le16(member.flags, &directory)
            le16(member.method, &directory)
            le32(0, &directory)
            le32(crc, &directory)
            le32(UInt32(payload.count), &directory)
            le32(size, &directory)
            le16(UInt16(name.count), &directory)
            le16(0, &directory)
            le16(0, &directory)
            le16(0, &directory)
            le16(0, &directory)
            le32(0, &directory)
            le32(offset, &directory)
            directory += name
        }
        let directoryOffset = UInt32(bytes.count)
        bytes += directory
        le32(0x0605_4B50, &bytes)
        le16(0, &bytes)
        le16(0, &bytes)
        le16(count ?? UInt16(members.count), &bytes)
        le16(count ?? UInt16(members.count), &bytes)
        le32(UInt32(directory.count), &bytes)
        le32(directoryOffset, &bytes)
        le16(0, &bytes)
        return bytes
    }

    /// CRC-32 (IEEE), bit by bit: the tests' own, independent of zlib's.
    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// `count` bytes of zeros as raw deflate data, made by Python's zlib.
    static func deflatedZeros(_ count: Int) throws -> [UInt8]? {
        guard let python = python3Executable else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            "-c",
            "import sys, zlib; c = zlib.compressobj(9, zlib.DEFLATED, -15); "
                + "sys.stdout.buffer.write(c.compress(bytes(\(count))) + c.flush())",
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }

    private let habits = Array(
        "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n001,Read,YES_NO,,,1,1,#00897B,,,,false\n"
            .utf8)

    /// What `habit list` says of a store into which nothing was imported.
    private static let nothingImported = "no habits yet; start one with: habit add NAME\n"

    /// Imports the archive `bytes` (written as a file named like Loop's) into a fresh store,
    /// then lists the store.
    private func importing(_ bytes: [UInt8]) throws -> (TallyRun, String) {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Loop Habits CSV 2026-01-01.zip")
        try Data(bytes).write(to: file)
        let result = try TallyUnderTest.run(
            ["-e", "habit import '\(file.path)'", "-e", "habit list"],
            environment: ["TALLY_TODAY": "2026-11-29", "TALLY_DATA_DIR": directory.path])
        return (result, file.path)
    }

    /// A zip Tally builds by the format's book imports, stored entries included.
    @Test func aPlainStoredArchiveImports() throws {
        let (result, path) = try importing(Self.archive([Member(name: "Habits.csv", data: habits)]))
        #expect(result.status == 0)
        #expect(result.outputText.hasPrefix("imported 1 habit (0 days done) from \(path)\n"))
    }

    @Test(arguments: [
        (
            [Member(name: "../Habits.csv", data: Array("x".utf8))], nil as UInt16?,
            "the archive's file '../Habits.csv': its name is not a plain relative path"
        ),
        ([Member(name: "/etc/Habits.csv", data: [])], nil, "its name is not a plain relative path"),
        (
            [Member(name: "Habits.csv", data: Array("x".utf8), crc: 1)], nil,
            "the archive's file 'Habits.csv': its CRC-32 does not match its contents (corrupt)"
        ),
        ([Member(name: "Habits.csv", data: [], flags: 1)], nil, "it is encrypted, which is not read"),
        (
            [Member(name: "Habits.csv", data: [], method: 12)], nil,
            "it is compressed with method 12; only deflate is read"
        ),
        (
            [Member(name: "Habits.csv", data: Array("abc".utf8), size: 300 << 20)], nil,
            "would take 314572800 bytes once unpacked; at most 64 MiB are read (a zip bomb?)"
        ),
        ([Member(name: "Habits.csv", data: [])], 20_000, "it lists 20000 files; at most 10000 are read"),
        ([Member(name: "Read.csv", data: [])], nil, "it is a zip archive without Loop's Habits.csv"),
    ])
    func aBadArchiveIsRefusedClearly(members: [Member], count: UInt16?, message: String) throws {
        let (result, path) = try importing(Self.archive(members, count: count))
        #expect(result.status == 1)
        #expect(result.errorText.contains(path))
        #expect(result.errorText.contains(message), "\(result.errorText)")
        #expect(result.errorText.contains("nothing was imported"))
        #expect(result.outputText == Self.nothingImported)
    }

    /// A deflated entry that states 1,000 bytes but inflates to 50 MiB stops at the stated
    /// size; 300 MiB of zeros stated honestly is refused before inflating.
    @Test func zipBombsAreRefused() throws {
        guard let bomb = try Self.deflatedZeros(50 << 20) else { return }
        let zeros = [UInt8](repeating: 0, count: 1000)
        let lying = Member(name: "Habits.csv", data: zeros, stored: bomb, method: 8, size: 1000)
        let (result, _) = try importing(Self.archive([lying]))
        #expect(
            result.errorText.contains("'Habits.csv': it unpacks to more than the 1000 bytes it states (a zip bomb?)"))
        let big = try #require(try Self.deflatedZeros(300 << 20))
        let honest = Member(name: "Habits.csv", data: [], stored: big, method: 8, crc: 0, size: 300 << 20)
        let (refused, _) = try importing(Self.archive([honest]))
        #expect(refused.errorText.contains("at most 64 MiB are read (a zip bomb?)"))
        let many = (0..<300).map { Member(name: "f\($0).csv", data: [], stored: [], method: 8, crc: 0, size: 1 << 20) }
        let (total, _) = try importing(Self.archive(many))
        #expect(total.errorText.contains("its files would take more than 64 MiB once unpacked (a zip bomb?)"))
    }

    /// Loop's zip cut at every 61st byte, and with every 53rd byte flipped: each import either
    /// succeeds (a byte no reader looks at) or fails with a message naming the file; never a
    /// crash, and never a partial import.
    @Test func truncatedAndCorruptArchivesFailCleanly() throws {
        let original = Array(try Data(contentsOf: Self.loopZip))
        var cases: [[UInt8]] = stride(from: 0, to: original.count, by: 61).map { Array(original[0..<$0]) }
        for offset in stride(from: 0, to: original.count, by: 53) {
            var damaged = original
            damaged[offset] ^= 0xFF
            cases.append(damaged)
        }
        var failures = 0
        for bytes in cases {
            let (result, path) = try importing(bytes)
            #expect(result.status == 0 || result.status == 1, "exit status \(result.status)")
            if result.status == 1 {
                failures += 1
                #expect(result.errorText.contains(path) && result.errorText.contains("nothing was imported"))
                #expect(result.outputText == Self.nothingImported, "\(result.outputText)")
            } else {
                #expect(result.outputText.hasPrefix("imported 5 habits"))
            }
        }
        #expect(failures > cases.count / 2)
    }
}
