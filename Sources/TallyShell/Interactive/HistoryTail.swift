import Glibc

/// The last lines of a history file, read backwards from its end in fixed-size chunks, so that
/// memory stays bounded by what is kept whatever the file holds (a 300 MB line included).
///
/// Empty lines are skipped; a line longer than `longestEntry` bytes is left out and counted,
/// never held in memory whole.
struct HistoryTail {
    /// The kept lines, oldest first: at most `limit`.
    private(set) var lines: [String] = []
    /// How many over-long lines were left out.
    private(set) var droppedCount = 0
    /// Whether the file holds more than ``lines``: older lines past the limit, or lines left
    /// out, so that it should be rewritten with ``lines`` alone.
    private(set) var isTrimmed = false

    private static let chunkBytes = 1 << 16

    /// Reads the file open at `descriptor`; nil (with `errno` set) when reading fails.
    init?(descriptor: Int32, limit: Int, longestEntry: Int) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        var position = Int(status.st_size)
        var newestFirst: [[UInt8]] = []
        // The end of the line being gathered, from the last newline seen back to the one after.
        var carry: [UInt8] = []
        var isSkipping = false
        var chunk = [UInt8](repeating: 0, count: Self.chunkBytes)

        func finish(_ start: ArraySlice<UInt8>) {
            defer {
                carry = []
                isSkipping = false
            }
            if isSkipping || start.count + carry.count > longestEntry {
                droppedCount += 1
                return
            }
            let line = Array(start) + carry
            if !line.isEmpty { newestFirst.append(line) }
        }

        reading: while position > 0 {
            let start = Swift.max(0, position - Self.chunkBytes)
            let count = position - start
            let read = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(start)) }
            if read < 0 {
                if errno == EINTR { continue }
                return nil
            }
            // The file shrank under us (it is locked, so only by a writer ignoring the lock).
            guard read == count else { break }
            position = start
            var end = count
            for newline in Self.newlines(in: chunk, count: count).reversed() {
                finish(chunk[(newline + 1)..<end])
                end = newline
                if newestFirst.count == limit {
                    // Anything before is trimmed away, unless it is only newlines.
                    isTrimmed = position > 0 || chunk[..<end].contains { $0 != UInt8(ascii: "\n") }
                    break reading
                }
            }
            if !isSkipping {
                carry = Array(chunk[..<end]) + carry
                if carry.count > longestEntry {
                    isSkipping = true
                    carry = []
                }
            }
            if position == 0 { finish([]) }
        }
        if droppedCount > 0 { isTrimmed = true }
        lines = newestFirst.reversed().map { String(decoding: $0, as: UTF8.self) }
    }

    /// The indices of the newlines in `bytes[..<count]`, found with `memchr`, so that a file of
    /// one 300 MB line is scanned at memory speed.
    private static func newlines(in bytes: [UInt8], count: Int) -> [Int] {
        bytes.withUnsafeBufferPointer { buffer in
            var found: [Int] = []
            guard let base = buffer.baseAddress else { return found }
            var start = 0
            while start < count, let hit = memchr(base + start, 0x0A, count - start) {
                let index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
                found.append(index)
                start = index + 1
            }
            return found
        }
    }
}
