/// `habit export csv|json`: every habit and completion, for other tools.
public struct ExportHabits {
    /// Where habits are kept.
    public let repository: any HabitRepository

    /// A use case working on `repository`.
    public init(repository: any HabitRepository) { self.repository = repository }

    /// The whole store written in `format`, in the order `habit list` uses, ending in a newline.
    public func execute(format: HabitExportFormat) throws -> String {
        format.render(ListHabits.sortedByName(try repository.allHabits(), name: \.name))
    }
}
