import TallyCore
import TallyDiagnostics

/// The kinds of diagnostic the commands of the shell give (`help`, `set`, and the parts of
/// `bmi` and `habit` that the shell itself checks).
extension DiagnosticID {
    static let expectedWord = DiagnosticID("expected-word")
    static let missingArgument = DiagnosticID("missing-argument")
    static let extraArgument = DiagnosticID("extra-argument")
    static let unknownSetting = DiagnosticID("unknown-setting")
    static let invalidSettingValue = DiagnosticID("invalid-setting-value")
    static let unknownHelpTopic = DiagnosticID("unknown-help-topic")
    static let bmiFailed = DiagnosticID("bmi-failed")
    static let inexactMeasurement = DiagnosticID("inexact-measurement")
    static let unusableToday = DiagnosticID("unusable-today")
    static let noDataDirectory = DiagnosticID("no-data-directory")
    static let lineTooLong = DiagnosticID("line-too-long")
    static let endAmongStatements = DiagnosticID("end-among-statements")
}
