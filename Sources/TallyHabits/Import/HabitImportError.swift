/// Why `habit import` read nothing: the file cannot be read, is not the JSON `habit export json`
/// writes, or holds a habit the store cannot take. Nothing is imported when any habit fails.
public struct HabitImportError: Error, Sendable, Equatable {
    /// The file, as given.
    public var file: String
    /// Where in the file, 1-based; nil when the whole file is at fault.
    public var line: Int?
    /// The column on that line, 1-based, counted in characters.
    public var column: Int?
    /// What is wrong, lower-case first word, no final period.
    public var problem: String

    /// One sentence for a person: `habits.json:3:15: expected a day, as YYYY-MM-DD`.
    public var message: String {
        let place = line.map { ":\($0):\(column ?? 1)" } ?? ""
        // A path as long as the system allows is shown whole.
        return "\(MessageText.bounded(file, limit: 4096))\(place): \(problem); nothing was imported"
    }
}
