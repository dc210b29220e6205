import Glibc

/// A buffered writer on a file descriptor. Batch output goes out in large writes; the
/// interactive session flushes after each line.
public final class OutputStream {
    private let descriptor: Int32
    /// The queued bytes: `count` of them at `storage`, which holds `allocated`. Raw memory, not an
    /// array: a batch line's digits are queued with one `memcpy`, the batch runner's every line.
    private var storage: UnsafeMutablePointer<UInt8>
    private var allocated: Int
    private var count = 0
    /// The size at which the queue is written out.
    private let capacity: Int
    /// The `errno` of the first write that failed (a full disk, a closed descriptor); nil while
    /// every write has succeeded. Output after a failure is dropped; the program reports it.
    public private(set) var failure: Int32?

    /// What the program says when a write failed (`tally: write error: No space left on
    /// device`), with its newline; nil while every write has succeeded.
    public var failureReport: String? {
        failure.map { "tally: write error: \(String(cString: strerror($0)))\n" }
    }

    // Why the two shared streams are sound without a lock: only the program's main thread
    // writes to them (the batch runner, the interactive session's prompt loop, the
    // application's messages). The threads that work out a line or a preview return text and
    // never hold a stream; a lock on every write would cost the batch runner its speed.

    /// Standard output (main thread only).
    nonisolated(unsafe) public static let standardOutput = OutputStream(descriptor: 1)
    /// Standard error, flushed at every write (main thread only).
    nonisolated(unsafe) public static let standardError = OutputStream(descriptor: 2, capacity: 0)

    public init(descriptor: Int32, capacity: Int = 1 << 16) {
        self.descriptor = descriptor
        self.capacity = capacity
        allocated = Swift.max(capacity, 256)
        storage = .allocate(capacity: allocated)
    }

    deinit {
        storage.deallocate()
    }

    /// Whether the descriptor is a terminal.
    public var isTerminal: Bool { isatty(descriptor) == 1 }

    /// Queues `text`; writes when the buffer is full.
    public func write(_ text: String) {
        append(text)
        if count >= capacity { flush() }
    }

    /// Queues `text` and a newline.
    public func writeLine(_ text: String) {
        append(text)
        appendNewline()
        if count >= capacity { flush() }
    }

    /// Queues `bytes` (UTF-8 text) and a newline.
    public func writeLine(bytes: UnsafeBufferPointer<UInt8>) {
        append(bytes)
        appendNewline()
        if count >= capacity { flush() }
    }

    /// Appends the text's UTF-8.
    private func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    @inline(__always)
    private func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (storage + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    private func appendNewline() {
        reserve(1)
        storage[count] = UInt8(ascii: "\n")
        count += 1
    }

    /// Makes room for `extra` more bytes (the queue grows past ``capacity`` for one long text,
    /// which is then written whole).
    @inline(__always)
    private func reserve(_ extra: Int) {
        if count + extra > allocated { grow(to: count + extra) }
    }

    @inline(never)
    private func grow(to needed: Int) {
        let size = Swift.max(needed, allocated * 2)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        larger.update(from: storage, count: count)
        storage.deallocate()
        storage = larger
        allocated = size
    }

    /// Writes everything queued; a failure is kept in ``failure``.
    public func flush() {
        _ = writeQueued(stoppingWhen: { false })
    }

    /// Writes `text` and a newline in pieces, asking `shouldStop` before each piece, so that a
    /// result of millions of digits can be stopped part-way (Ctrl-C). Returns false when it
    /// stopped early.
    public func writeLineInPieces(_ text: String, stoppingWhen shouldStop: () -> Bool) -> Bool {
        if !writeQueued(stoppingWhen: shouldStop) { return false }
        var text = text
        let completed = text.withUTF8 { utf8 in
            var start = 0
            while start < utf8.count {
                if shouldStop() { return false }
                let end = Swift.min(start + OutputStream.pieceSize, utf8.count)
                append(UnsafeBufferPointer(rebasing: utf8[start..<end]))
                start = end
                if !writeQueued(stoppingWhen: shouldStop) { return false }
            }
            return true
        }
        if !completed { return false }
        appendNewline()
        return writeQueued(stoppingWhen: shouldStop)
    }

    /// Small enough that a terminal shows a piece in a blink, so Ctrl-C answers at once.
    private static let pieceSize = 4096

    /// Writes the buffer; a write cut short by a signal goes on unless `shouldStop` says so.
    /// Returns false when it stopped early (the rest is dropped).
    private func writeQueued(stoppingWhen shouldStop: () -> Bool) -> Bool {
        var start = 0
        var stopped = false
        if failure != nil {
            count = 0
            return true
        }
        while start < count {
            let written = Glibc.write(descriptor, storage + start, count - start)
            if written < 0 {
                if errno == EINTR && !shouldStop() { continue }
                stopped = errno == EINTR
                if !stopped && failure == nil { failure = errno }
                break
            }
            start += written
            if start < count && shouldStop() {
                stopped = true
                break
            }
        }
        count = 0
        return !stopped
    }
}
