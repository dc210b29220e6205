import Glibc

/// Reads a file or standard input one line at a time with `getline`, so memory stays flat
/// however many lines come in. Bytes that are not UTF-8 are kept visible as U+FFFD; a final
/// `\r` (CRLF files) is dropped.
public final class LineSource {
    private let file: UnsafeMutablePointer<FILE>
    private let ownsFile: Bool
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0

    /// Standard input.
    public init() {
        file = fdopen(0, "r")
        ownsFile = false
    }

    /// The file at `path`, or nil with `errno` set.
    public init?(path: String) {
        guard let opened = fopen(path, "r") else { return nil }
        file = opened
        ownsFile = true
    }

    deinit {
        free(buffer)
        if ownsFile { fclose(file) }
    }

    /// The next line without its terminator, or nil at the end of the input.
    public func nextLine() -> String? {
        let length = getline(&buffer, &capacity, file)
        guard length >= 0, let buffer else { return nil }
        var count = length
        if count > 0 && buffer[count - 1] == 0x0A { count -= 1 }
        if count > 0 && buffer[count - 1] == 0x0D { count -= 1 }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
            String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
    }
}
