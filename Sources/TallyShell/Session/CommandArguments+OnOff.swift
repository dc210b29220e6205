import TallyCore
import TallyDiagnostics

extension CommandArguments {
    /// Reads `on` or `off`, the value of the setting `name`.
    mutating func onOrOff(named name: String) throws(Diagnostic) -> Bool {
        let expectation = "\(name) must be on or off"
        guard let (word, _) = try nextWord() else {
            throw Diagnostic.missingValue(expectation, at: lastSpan)
        }
        guard word == "on" || word == "off" else {
            throw Diagnostic.invalidSettingValue(expectation, at: lastSpan)
        }
        return word == "on"
    }
}
