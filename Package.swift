// swift-tools-version: 6.0
import PackageDescription

/// Release builds of the batch hot path skip the run-time exclusivity checks (debug builds and
/// `swift test` keep them, and the suite exercises every path there): they cost 9 % of the
/// batch throughput (measured in Benchmarks/RESULTS.md).
let releaseSettings: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
]

let package = Package(
    name: "Tally",
    products: [
        .executable(name: "tally", targets: ["tally"])
    ],
    targets: [
        // System libraries: each is owned by one place (BigInteger and BigRational for GMP,
        // Interval for MPFI and MPFR, the store for SQLite, LineReader for readline, ZipArchive for zlib), so no other
        // code handles their pointers.
        .systemLibrary(
            name: "CGMP",
            pkgConfig: "gmp",
            providers: [.apt(["libgmp-dev"])]
        ),
        // No pkgConfig: readline's .pc inherits -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600 from ncurses,
        // flags SwiftPM rejects; the module map's link "readline" is enough.
        .systemLibrary(
            name: "CReadline",
            providers: [.apt(["libreadline-dev"])]
        ),
        // Real numbers: MPFI's interval arithmetic over MPFR's correctly rounded floating point.
        // Neither ships a pkg-config file on Debian; their headers are in /usr/include.
        .systemLibrary(
            name: "CMPFI",
            providers: [.apt(["libmpfi-dev", "libmpfr-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // zlib's inflate and crc32, for `habit import` of Loop's zip export (ZipArchive owns it).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),

        // What every module reports errors with: diagnostics and their spans, the renderer,
        // terminal-safe text, display width, "did you mean" and the word splitter commands share.
        // No C library: a module that needs only these links neither GMP nor MPFI.
        .target(name: "TallyDiagnostics"),
        // The calendar: dates, times of day, date-times in time zones, ages, ISO text. The zones'
        // offsets are read from the system's tz database (tzdata) by ZoneFile and ZoneRule.
        .target(name: "TallyCalendar"),
        // The language: lexer, Pratt parser, exact numbers, evaluator.
        .target(
            name: "TallyCore", dependencies: ["CGMP", "CMPFI", "TallyCalendar", "TallyDiagnostics"],
            swiftSettings: releaseSettings),
        // BMI: standards, classification, growth references; it receives typed values (the shell
        // reads a line's measurements with the language), so it links neither TallyCore nor GMP.
        .target(name: "TallyHealth", dependencies: ["TallyCalendar", "TallyDiagnostics"]),
        // Habit domain, use cases and stores: diagnostics, not the language.
        .target(name: "TallyHabits", dependencies: ["CSQLite", "CZlib", "TallyCalendar", "TallyDiagnostics"]),
        // One line in, one outcome out; commands, line reader, history, completion, colour.
        .target(
            name: "TallyShell",
            dependencies: [
                "TallyCalendar", "TallyCore", "TallyDiagnostics", "TallyHealth", "TallyHabits", "CReadline",
            ],
            swiftSettings: releaseSettings),
        // Thin executable: parses the command line and hands over. The release build is one
        // static file: with no shared libraries to load and relocate it starts as fast as `bc`
        // (Benchmarks/RESULTS.md); lld, which ships with the toolchain, links it.
        .executableTarget(
            name: "tally", dependencies: ["TallyShell"],
            linkerSettings: [.unsafeFlags(["-static-executable", "-use-ld=lld"], .when(configuration: .release))]),

        // What every test target shares: the span-marker helper and the runner of the binary.
        .target(name: "TallyTestSupport", dependencies: ["TallyDiagnostics"], path: "Tests/TallyTestSupport"),
        .testTarget(name: "TallyCalendarTests", dependencies: ["TallyCalendar", "TallyTestSupport"]),
        .testTarget(name: "TallyCoreTests", dependencies: ["TallyCore", "TallyDiagnostics", "TallyTestSupport"]),
        .testTarget(
            name: "TallyHealthTests",
            dependencies: [
                "TallyHealth", "TallyShell", "TallyCore", "TallyCalendar", "TallyDiagnostics", "TallyTestSupport",
            ]),
        .testTarget(name: "TallyHabitsTests", dependencies: ["TallyHabits", "TallyDiagnostics", "TallyTestSupport"]),
        .testTarget(
            name: "TallyShellTests", dependencies: ["TallyShell", "TallyCore", "TallyDiagnostics", "TallyTestSupport"]),
        // End-to-end: runs the built `tally` binary on files, pipes and a pseudo-terminal.
        .testTarget(
            name: "EndToEndTests", dependencies: ["tally", "TallyCore", "TallyDiagnostics", "TallyTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
