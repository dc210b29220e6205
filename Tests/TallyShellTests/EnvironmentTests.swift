import Foundation
import TallyTestSupport
import Testing

@testable import TallyShell

/// Start-up reads only the environment variables Tally uses (``Application/readVariables``):
/// a variable looked up anywhere in the sources but missing from that list would be unset.
@Suite struct EnvironmentTests {
    @Test func everyVariableTheSourcesReadIsLooked() throws {
        let sources = TallyUnderTest.repositoryRoot.appendingPathComponent("Sources")
        let pattern = try NSRegularExpression(pattern: #"(?:environment|variables)\["([A-Z_]+)"\]"#)
        var found: Set<String> = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { found.insert(String(text[range])) }
            }
        }
        #expect(found.count >= 8, "the scan found the sources' lookups")
        #expect(found.subtracting(Application.readVariables).isEmpty)
    }

    @Test func readsTheListedVariablesThatAreSet() {
        let variables = Application.environmentVariables()
        for name in Application.readVariables {
            #expect(variables[name] == getenv(name).map { String(cString: $0) }, "\(name)")
        }
        #expect(getenv("PATH") != nil && variables["PATH"] == nil, "only the variables Tally reads")
    }
}
