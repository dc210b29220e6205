import Glibc

/// A buffered writer on a file descriptor. Batch output goes out in large writes; the
/// interactive session flushes after each line.
public final class OutputStream {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity: Int

    /// Standard output.
    nonisolated(unsafe) public static let standardOutput = OutputStream(descriptor: 1)
    /// Standard error (flushed at every write).
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
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= capacity { flush() }
    }

    /// Queues `text` and a newline.
    public func writeLine(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= capacity { flush() }
    }

    /// Writes everything queued. Gives up quietly if the reader went away (EPIPE).
    public func flush() {
        var start = 0
        buffer.withUnsafeBytes { bytes in
            while start < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + start, bytes.count - start)
                if written < 0 {
                    if errno == EINTR { continue }
                    break
                }
                start += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
