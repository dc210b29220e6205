import Foundation
import TallyCore
import TallyDiagnostics
import TallyTestSupport
import Testing

@testable import TallyShell

/// The prompt's preview is the session's own entry run as a dry run: for every line the other
/// surfaces are held to (SurfaceAgreementTests), the preview shows what Enter then prints —
/// `= value`, or `≈ value` for a rounded one — or nothing, or "…" for a line that fails, and
/// it changes nothing.
struct SurfacePreviewTests {
    @Test func thePreviewShowsWhatEnterPrints() throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = SessionEnvironment(
            dataDirectory: directory.path, pinnedToday: SurfaceLines.environment["TALLY_TODAY"])
        environment.pinnedNow = SurfaceLines.environment["TALLY_NOW"]
        var session = Session(style: .batch, environment: environment)
        var previewed = 0
        for line in SurfaceLines.all {
            var bytes = Array(line.utf8)
            let before = session.evaluator.variables.count
            let preview = bytes.withUnsafeBufferPointer { Session.preview($0, on: session.evaluator) }
            let text = PreviewWriter.text(for: preview, lineBytes: bytes.count, formatter: session.formatter)
            #expect(session.evaluator.variables.count == before, "the preview of \(line) changed nothing")
            let outcome = bytes.withUnsafeMutableBufferPointer { session.handle(lineBytes: UnsafeBufferPointer($0)) }
            if LineKind.of(line, atPrompt: true).isCommand {
                #expect(preview == nil, "a command line is never previewed: \(line)")
                continue
            }
            switch outcome.result {
            case .value, .values:
                let values = outcome.values(formattedBy: session.formatter) ?? []
                guard values.count == 1, values[0].text.utf8.count <= PreviewWriter.maximumBytes,
                    !values[0].text.contains("\n")
                else {
                    #expect(text == nil, "\(line)")
                    continue
                }
                let shown = values[0].text(markingRounded: true)
                #expect(text == (shown.hasPrefix("≈ ") ? shown : "= " + shown), "\(line)")
                previewed += 1
            case .failed:
                #expect(text == nil || text == "…", "\(line): \(text ?? "")")
            case .silent, .text, .interrupted, .end:
                #expect(text == nil, "\(line): \(text ?? "")")
            }
            bytes.removeAll()
        }
        #expect(previewed > 1_500)
    }
}
