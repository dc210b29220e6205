import CZlib

/// The files of a zip archive (Loop Habit Tracker's CSV export), read from its bytes with every
/// size bounded: the central directory is read here, each entry is inflated by zlib (raw deflate)
/// and checked against its CRC-32, and nothing is ever written.
///
/// Only what Loop's export needs is accepted: stored or deflated entries, no encryption, no
/// zip64, one disk. An entry's sizes come from the central directory (Java's `ZipOutputStream`
/// leaves them out of the local header), and an entry whose data inflates past its stated size
/// is refused before more is read, so a zip bomb costs at most ``maximumTotalSize`` of memory.
struct ZipArchive {
    /// The most entries an archive may list (Loop writes three files per habit, plus three).
    static let maximumEntries = 10_000
    /// The most bytes all entries may hold together once inflated: three times Loop's export of
    /// 100 habits kept ten years (about 20 MiB), and a bound on what a zip bomb can make Tally
    /// inflate. One entry is inflated at a time, read row by row and let go.
    static let maximumTotalSize = 64 << 20
    /// The most bytes a name may have.
    static let maximumNameLength = 1024

    /// One file of the archive, not yet inflated.
    struct Entry: Sendable {
        /// The path inside the archive, `/`-separated, relative, without `..`.
        var path: String
        /// 0 stored, 8 deflated.
        var method: UInt16
        var crc: UInt32
        var compressedSize: Int
        var size: Int
        /// Where its local header begins.
        var headerOffset: Int
    }

    /// What is wrong with an archive, for ``HabitImportError/zip(_:entry:_:)``.
    struct Failure: Error {
        /// The entry at fault, if one is.
        var entry: String?
        var problem: String
    }

    /// The archive's bytes.
    let bytes: [UInt8]
    /// Its files, in the central directory's order.
    let entries: [Entry]
    /// The index in ``entries`` of the first entry of each path: Loop's export of 3,000 habits
    /// asks for 3,000 files by name.
    private let index: [String: Int]

    /// Reads the central directory of the archive `bytes`.
    init(_ bytes: [UInt8]) throws(Failure) {
        self.bytes = bytes
        let end = try Self.endOfCentralDirectory(bytes)
        let (count, directorySize, directoryOffset) = (
            Int(Self.uint16(bytes, end + 10)), Int(Self.uint32(bytes, end + 12)), Int(Self.uint32(bytes, end + 16))
        )
        guard Self.uint16(bytes, end + 4) == 0, Self.uint16(bytes, end + 6) == 0,
            Self.uint16(bytes, end + 8) == count
        else {
            throw Failure(problem: "it spans several disks, which is not read")
        }
        guard count != 0xFFFF, directoryOffset != 0xFFFF_FFFF, directorySize != 0xFFFF_FFFF else {
            throw Failure(problem: "it is a zip64 archive, which is not read")
        }
        guard count <= Self.maximumEntries else {
            throw Failure(problem: "it lists \(count) files; at most \(Self.maximumEntries) are read")
        }
        guard directoryOffset <= end, directorySize <= end - directoryOffset else {
            throw Failure(problem: "its central directory lies outside the file (truncated or corrupt)")
        }
        var entries: [Entry] = []
        var total = 0
        var offset = directoryOffset
        for index in 0..<count {
            guard offset + 46 <= directoryOffset + directorySize, Self.uint32(bytes, offset) == 0x0201_4B50 else {
                throw Failure(problem: "entry \(index + 1) of its central directory is damaged (truncated or corrupt)")
            }
            let flags = Self.uint16(bytes, offset + 8)
            let method = Self.uint16(bytes, offset + 10)
            let nameLength = Int(Self.uint16(bytes, offset + 28))
            let extraLength = Int(Self.uint16(bytes, offset + 30))
            let commentLength = Int(Self.uint16(bytes, offset + 32))
            let next = offset + 46 + nameLength + extraLength + commentLength
            guard next <= directoryOffset + directorySize, nameLength <= Self.maximumNameLength else {
                throw Failure(problem: "entry \(index + 1) of its central directory is damaged (truncated or corrupt)")
            }
            guard let path = String(validating: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
            else {
                throw Failure(problem: "the name of entry \(index + 1) is not valid UTF-8")
            }
            let entry = Entry(
                path: path, method: method, crc: Self.uint32(bytes, offset + 16),
                compressedSize: Int(Self.uint32(bytes, offset + 20)), size: Int(Self.uint32(bytes, offset + 24)),
                headerOffset: Int(Self.uint32(bytes, offset + 42)))
            try Self.check(entry, flags: flags)
            total += entry.size
            guard total <= Self.maximumTotalSize else {
                throw Failure(
                    entry: path,
                    problem: "its files would take more than \(Self.maximumTotalSize >> 20) MiB once unpacked "
                        + "(a zip bomb?), so none is read")
            }
            entries.append(entry)
            offset = next
        }
        self.entries = entries
        var index: [String: Int] = [:]
        for (position, entry) in entries.enumerated() where index[entry.path] == nil { index[entry.path] = position }
        self.index = index
    }

    /// The file at `path` inflated and checked, or nil when the archive has none.
    func file(_ path: String) throws(Failure) -> [UInt8]? {
        guard let position = index[path] else { return nil }
        return try contents(of: entries[position])
    }

    /// The bytes of `entry`, inflated, of exactly its stated size and CRC-32.
    func contents(of entry: Entry) throws(Failure) -> [UInt8] {
        let header = entry.headerOffset
        guard header + 30 <= bytes.count, Self.uint32(bytes, header) == 0x0403_4B50 else {
            throw Failure(entry: entry.path, problem: "its local header is missing (truncated or corrupt)")
        }
        let nameLength = Int(Self.uint16(bytes, header + 26))
        let start = header + 30 + nameLength + Int(Self.uint16(bytes, header + 28))
        guard start <= bytes.count, entry.compressedSize <= bytes.count - start else {
            throw Failure(entry: entry.path, problem: "its data runs past the end of the file (truncated)")
        }
        // The central directory has no checksum of its own: a name that differs from the local
        // header's is damage, not another file.
        guard bytes[(header + 30)..<(header + 30 + nameLength)].elementsEqual(entry.path.utf8) else {
            throw Failure(entry: entry.path, problem: "its two headers name different files (corrupt)")
        }
        let data = bytes[start..<(start + entry.compressedSize)]
        let output: [UInt8]
        if entry.method == 0 {
            guard entry.compressedSize == entry.size else {
                throw Failure(entry: entry.path, problem: "it is stored with two different sizes (corrupt)")
            }
            output = Array(data)
        } else {
            output = try Self.inflate(data, size: entry.size, path: entry.path)
        }
        let crc = output.withUnsafeBufferPointer { buffer in
            UInt32(crc32(0, buffer.baseAddress, UInt32(buffer.count)))
        }
        guard crc == entry.crc else {
            throw Failure(entry: entry.path, problem: "its CRC-32 does not match its contents (corrupt)")
        }
        return output
    }

    /// Refuses an entry Loop's export never holds, or one that could escape or overflow.
    private static func check(_ entry: Entry, flags: UInt16) throws(Failure) {
        if flags & 0x1 != 0 {
            throw Failure(entry: entry.path, problem: "it is encrypted, which is not read")
        }
        guard entry.method == 0 || entry.method == 8 else {
            throw Failure(
                entry: entry.path, problem: "it is compressed with method \(entry.method); only deflate is read")
        }
        let components = entry.path.split(separator: "/", omittingEmptySubsequences: false)
        guard !entry.path.isEmpty, !entry.path.hasPrefix("/"), !components.contains(".."),
            !entry.path.contains("\\"), !entry.path.unicodeScalars.contains(where: { $0.value < 0x20 })
        else {
            throw Failure(entry: entry.path, problem: "its name is not a plain relative path")
        }
        guard entry.size <= maximumTotalSize else {
            throw Failure(
                entry: entry.path,
                problem: "it would take \(entry.size) bytes once unpacked; at most \(maximumTotalSize >> 20) MiB "
                    + "are read (a zip bomb?)")
        }
    }

    /// Raw deflate data `data` inflated by zlib into exactly `size` bytes.
    private static func inflate(_ data: ArraySlice<UInt8>, size: Int, path: String) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        guard tally_inflate_init_raw(&stream) == Z_OK else {
            throw Failure(entry: path, problem: "zlib could not start inflating it")
        }
        defer { inflateEnd(&stream) }
        // One byte more than stated: data that fills it is longer than the archive says.
        var output = [UInt8](repeating: 0, count: size + 1)
        var input = Array(data)
        let status = input.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                stream.next_in = input.baseAddress
                stream.avail_in = UInt32(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = UInt32(output.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        let produced = Int(stream.total_out)
        if status == Z_STREAM_END && produced == size {
            output.removeLast()
            return output
        }
        if produced > size {
            throw Failure(entry: path, problem: "it unpacks to more than the \(size) bytes it states (a zip bomb?)")
        }
        if status == Z_STREAM_END {
            throw Failure(entry: path, problem: "it unpacks to \(produced) bytes, not the \(size) it states (corrupt)")
        }
        if status == Z_BUF_ERROR || status == Z_OK {
            throw Failure(entry: path, problem: "its compressed data ends early (truncated or corrupt)")
        }
        throw Failure(entry: path, problem: "its compressed data is damaged (corrupt)")
    }

    /// Where the end-of-central-directory record starts: the last one within the 64 KiB
    /// comment's reach whose comment ends at the end of the file.
    private static func endOfCentralDirectory(_ bytes: [UInt8]) throws(Failure) -> Int {
        guard bytes.count >= 22 else { throw Failure(problem: "it is too short to be a zip archive (truncated)") }
        var offset = bytes.count - 22
        let lowest = Swift.max(0, bytes.count - 22 - 0xFFFF)
        while offset >= lowest {
            if uint32(bytes, offset) == 0x0605_4B50, offset + 22 + Int(uint16(bytes, offset + 20)) == bytes.count {
                return offset
            }
            offset -= 1
        }
        throw Failure(problem: "it has no end of central directory (truncated, or not a zip archive)")
    }

    private static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(uint16(bytes, offset)) | UInt32(uint16(bytes, offset + 2)) << 16
    }
}
