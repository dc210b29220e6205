import Glibc

/// Reads a file or standard input one line at a time through a buffer of its own, so memory
/// stays flat however many lines come in and however long one is: a line longer than
/// ``Session/maximumLineBytes`` is kept only up to the limit, and the rest of it is skipped
/// unread into memory. Bytes that are not UTF-8 are kept visible as U+FFFD; a final `\r` (CRLF
/// files) is dropped, and so is a byte order mark (U+FEFF) at the very start of the input, which
/// some editors on other systems write.
public final class LineSource {
    /// One line as read.
    public struct Line {
        /// The line without its terminator; for a line over the limit, its first bytes (cut at
        /// a character boundary, at most the limit).
        public let text: String
        /// True when the line was longer than the limit and `text` is only its beginning.
        public let isCut: Bool
    }

    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let limit: Int
    private var buffer: UnsafeMutableRawBufferPointer
    /// The unread bytes are `buffer[start..<end]`.
    private var start = 0
    private var end = 0
    private var atEnd = false
    /// True after a line over the limit was handed out: the rest of it is skipped first thing
    /// on the next call.
    private var skipsBeforeNextLine = false
    /// True until the first line is handed out: only it may start with a byte order mark.
    private var isFirstLine = true
    /// Why reading stopped early, as `errno`; nil while reading works.
    public private(set) var failure: Int32?

    /// Standard input; nil (with `errno` set) when it is closed.
    public convenience init?() {
        var status = stat()
        guard fstat(0, &status) == 0 else { return nil }
        self.init(descriptor: 0, owns: false)
    }

    /// The file at `path`, or nil with `errno` set.
    public convenience init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.init(descriptor: descriptor, owns: true)
    }

    /// The regular file at `path`, or nil with `errno` set (`EINVAL` for a FIFO, device or
    /// directory): opened without waiting, since opening a FIFO waits for a writer that may
    /// never come.
    public convenience init?(regularFileAt path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            errno = EINVAL
            return nil
        }
        self.init(descriptor: descriptor, owns: true)
    }

    init(descriptor: Int32, owns: Bool, limit: Int = Session.maximumLineBytes) {
        self.descriptor = descriptor
        ownsDescriptor = owns
        self.limit = limit
        buffer = .allocate(byteCount: 1 << 16, alignment: 1)
    }

    deinit {
        buffer.deallocate()
        if ownsDescriptor { close(descriptor) }
    }

    /// The next line, or nil at the end of the input (or when reading fails: see ``failure``).
    public func nextLine() -> Line? {
        nextLineBytes().map { Line(text: String(decoding: $0.bytes, as: UTF8.self), isCut: $0.isCut) }
    }

    /// The next line's bytes, without its terminator (for a line over the limit, its first
    /// bytes, cut at a character boundary): valid until the next call. Nil at the end of the
    /// input.
    public func nextLineBytes() -> (bytes: UnsafeBufferPointer<UInt8>, isCut: Bool)? {
        // The rest of a cut line is skipped only now: skipping reads over the bytes handed out.
        if skipsBeforeNextLine {
            skipsBeforeNextLine = false
            skipRestOfLine()
        }
        var lineLength = 0
        // Scan for the newline; the line grows in the buffer up to the limit.
        while true {
            if let newline = findNewline(from: start + lineLength) {
                let line = make(count: newline - start, isCut: false)
                start = newline + 1
                return line
            }
            lineLength = end - start
            if lineLength > limit {
                let line = make(count: limit + 1, isCut: true)
                skipsBeforeNextLine = true
                return line
            }
            if atEnd {
                guard lineLength > 0 else { return nil }
                let line = make(count: lineLength, isCut: false)
                start = end
                return line
            }
            fill()
        }
    }

    private func findNewline(from offset: Int) -> Int? {
        guard offset < end else { return nil }
        let base = buffer.baseAddress!
        guard let found = memchr(base + offset, 0x0A, end - offset) else { return nil }
        return base.distance(to: UnsafeMutableRawPointer(found))
    }

    /// Makes room and reads more bytes after the unread ones.
    private func fill() {
        if start > 0 {
            let count = end - start
            if count > 0 { memmove(buffer.baseAddress!, buffer.baseAddress! + start, count) }
            start = 0
            end = count
        }
        if end == buffer.count {
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 1)
            larger.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: end)
            buffer.deallocate()
            buffer = larger
        }
        while true {
            let count = read(descriptor, buffer.baseAddress! + end, buffer.count - end)
            if count > 0 {
                end += count
                return
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { failure = errno }
            atEnd = true
            return
        }
    }

    /// Drops bytes up to and including the next newline, reading without keeping them.
    private func skipRestOfLine() {
        start = end
        while !atEnd {
            start = 0
            end = 0
            fill()
            if let newline = findNewline(from: 0) {
                start = newline + 1
                return
            }
        }
        start = end
    }

    /// The line in `buffer[start..<start + count]`; a cut line loses the character the cut
    /// went through, and its last byte (one past the limit).
    private func make(count: Int, isCut: Bool) -> (bytes: UnsafeBufferPointer<UInt8>, isCut: Bool) {
        var count = count
        let bytes = UnsafeBufferPointer(
            start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self) + start, count: count)
        if isCut {
            count = Session.characterBoundary(atOrBefore: limit, in: bytes)
        } else {
            if count > 0 && bytes[count - 1] == 0x0D { count -= 1 }
        }
        var first = 0
        if isFirstLine {
            isFirstLine = false
            if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { first = 3 }
        }
        return (UnsafeBufferPointer(rebasing: bytes[first..<count]), isCut)
    }
}

extension LineSource {
    /// Whether every byte of a line is ASCII, so the bytes are valid UTF-8 without a closer
    /// look: read eight bytes at a time, an unaligned load that belongs with the buffer lines
    /// come from (every reader's line passes through ``Session/handle(lineBytes:origin:)``,
    /// which asks).
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        var union: UInt64 = 0
        var index = 0
        while index + 8 <= bytes.count {
            union |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            union |= UInt64(bytes[index])
            index += 1
        }
        return union & 0x8080_8080_8080_8080 == 0
    }
}
