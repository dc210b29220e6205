import Foundation
import Glibc
import Testing

@testable import TallyShell

/// The reader hands out each line's bytes in its own buffer, valid until the next call.
@Suite struct LineSourceTests {
    /// A reader over `text` (through a pipe, so that reads come in pieces) with a small limit.
    func source(_ text: String, limit: Int) throws -> LineSource {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        let bytes = Array(text.utf8)
        let writeEnd = descriptors[1]
        let writer = Thread {
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress! + written, $0.count - written) }
                if count <= 0 { break }
                written += count
            }
            close(writeEnd)
        }
        writer.start()
        return LineSource(descriptor: descriptors[0], owns: true, limit: limit)
    }

    /// The bytes of a line cut at the limit stay as read while the caller uses them: the rest
    /// of the line, read to be skipped, must not land over them (it is skipped on the next call).
    @Test func aCutLineKeepsItsBytesUntilTheNextCall() throws {
        let limit = 16
        // Longer than a pipe holds, so that the line is cut before its end has been read.
        let reader = try source(
            String(repeating: "a", count: limit) + String(repeating: "b", count: 200_000) + "\n1+1\n", limit: limit)
        let cut = try #require(reader.nextLineBytes())
        #expect(cut.isCut)
        #expect(String(decoding: cut.bytes, as: UTF8.self) == String(repeating: "a", count: limit))
        let next = try #require(reader.nextLineBytes())
        #expect(!next.isCut)
        #expect(String(decoding: next.bytes, as: UTF8.self) == "1+1")
        #expect(reader.nextLineBytes() == nil)
    }
}
