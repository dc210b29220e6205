import Glibc

/// A buffered writer on a file descriptor. Batch output goes out in large writes; the
/// interactive session flushes after each line.
public final class OutputStream {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
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
        buffer.reserveCapacity(capacity)
    }

    /// Whether the descriptor is a terminal.
    public var isTerminal: Bool { isatty(descriptor) == 1 }

    /// Queues `text`; writes when the buffer is full.
    public func write(_ text: String) {
        append(text)
        if buffer.count >= capacity { flush() }
    }

    /// Queues `text` and a newline.
    public func writeLine(_ text: String) {
        append(text)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= capacity { flush() }
    }

    /// Queues `bytes` (UTF-8 text) and a newline.
    public func writeLine(bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= capacity { flush() }
    }

    /// Appends the text's UTF-8 in one copy when the string is stored contiguously (as native
    /// strings are), rather than byte by byte.
    private func append(_ text: String) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { buffer.append(contentsOf: $0) }
        if copied == nil { buffer.append(contentsOf: text.utf8) }
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
        var utf8 = text.utf8[...]
        while !utf8.isEmpty {
            if shouldStop() { return false }
            let piece = utf8.prefix(OutputStream.pieceSize)
            buffer.append(contentsOf: piece)
            utf8 = utf8.dropFirst(piece.count)
            if !writeQueued(stoppingWhen: shouldStop) { return false }
        }
        buffer.append(UInt8(ascii: "\n"))
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
            buffer.removeAll(keepingCapacity: true)
            return true
        }
        buffer.withUnsafeBytes { bytes in
            while start < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + start, bytes.count - start)
                if written < 0 {
                    if errno == EINTR && !shouldStop() { continue }
                    stopped = errno == EINTR
                    if !stopped && failure == nil { failure = errno }
                    break
                }
                start += written
                if start < bytes.count && shouldStop() {
                    stopped = true
                    break
                }
            }
        }
        buffer.removeAll(keepingCapacity: true)
        return !stopped
    }
}
