import Glibc
import Synchronization

/// The one owner of the C library's time-zone state.
///
/// glibc answers "what is the offset from UTC at this instant" (`localtime_r`, `tm_gmtoff`) only
/// for the zone named by the process-wide `TZ` variable, read by `tzset`. Changing it
/// (`setenv` + `tzset`) is not thread-safe, and Tally evaluates on a worker thread while a live
/// preview evaluates on another. So every use of `TZ` in the process goes through ``withRules(of:_:)``:
/// one lock is held while `TZ` is set to the zone wanted, the offsets are read, and the
/// previous `TZ` is put back, so that between two uses `TZ` is always what the user set.
///
/// Why this is sound: (1) nothing else in Tally reads `TZ` or calls `localtime_r`/`mktime`
/// (today's date for habits and the calculator comes from here too), so no one can observe the
/// temporary value; (2) `gmtime_r` and `timegm`, used for the calendar, read no zone; (3) glibc's
/// `setenv` keeps every string it ever installed alive and, once `TZ` exists, replaces one
/// pointer in the environment array, and `unsetenv` shifts that array in place without freeing
/// it, so a `getenv` of another variable on another thread (readline reading `TERM`) never
/// reads freed memory.
public enum ZoneRules {
    struct State {
        /// Zone names by ``Zone`` index; `UTC` is the first, so ``Zone/utc`` is index 0.
        var names = ["UTC"]
        var indexByName = ["UTC": 0]
        /// Names already looked for and not found in the database.
        var unknown: Set<String> = []
        /// Every zone name in the database, read once for completion.
        var allNames: [String]?
    }

    static let state = Mutex(State())

    /// Where the system's tz database lives (Debian's `tzdata`).
    public static let databasePath = "/usr/share/zoneinfo"

    /// The rules of one zone while ``withRules(of:_:)`` holds the lock.
    public struct Rules {
        let zone: Zone

        /// The offset east of UTC, in seconds, in force at `seconds` since 1970-01-01 UTC.
        public func offset(at seconds: Int) -> Int {
            if let fixed = zone.fixedOffset { return fixed }
            if zone == .utc { return 0 }
            var instant = time_t(seconds)
            var fields = tm()
            guard localtime_r(&instant, &fields) != nil else { return 0 }
            return Int(fields.tm_gmtoff)
        }
    }

    /// Runs `body` with the rules of `zone`: `TZ` names the zone for the length of the call, and
    /// is then what it was before.
    public static func withRules<Result: Sendable>(of zone: Zone, _ body: (Rules) -> Result) -> Result {
        let rules = Rules(zone: zone)
        if zone.fixedOffset != nil || zone == .utc { return body(rules) }
        return state.withLock { state in
            guard zone.raw > 0 else {
                // The local zone: `TZ` is already the user's; tzset reads it if it changed.
                tzset()
                return body(rules)
            }
            let name = state.names[Int(zone.raw) - 1]
            let previous = getenv("TZ").map { String(cString: $0) }
            setenv("TZ", ":" + databasePath + "/" + name, 1)
            tzset()
            defer {
                if let previous { setenv("TZ", previous, 1) } else { unsetenv("TZ") }
                tzset()
            }
            return body(rules)
        }
    }

    /// The zone named `name` if the database has it: `UTC`, or a file under ``databasePath``
    /// that is a TZif file.
    static func zone(named name: String) -> Zone? {
        state.withLock { state in
            if let index = state.indexByName[name] { return Zone(raw: Int32(index + 1)) }
            if state.unknown.contains(name) { return nil }
            guard isPlausibleName(name), isZoneFile(databasePath + "/" + name) else {
                if state.unknown.count < 10_000 { state.unknown.insert(name) }
                return nil
            }
            state.names.append(name)
            state.indexByName[name] = state.names.count - 1
            return Zone(raw: Int32(state.names.count))
        }
    }

    static func name(of zone: Zone) -> String {
        state.withLock { $0.names[Int(zone.raw) - 1] }
    }

    /// Letters, digits, `_`, `+`, `-` in parts separated by single `/`; no part starts with `.`
    /// (so no `..` leaves the database).
    static func isPlausibleName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 64 else { return false }
        for part in name.split(separator: "/", omittingEmptySubsequences: false) {
            guard let first = part.utf8.first, first != UInt8(ascii: "."), first != UInt8(ascii: "-") else {
                return false
            }
            for byte in part.utf8 {
                guard
                    isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "+")
                        || byte == UInt8(ascii: "-")
                else { return false }
            }
        }
        return true
    }

    /// Whether `name` has the shape of a tz database name, so that a name of that shape the
    /// database lacks is a mistyped zone: parts separated by `/`, each a capitalised word of at
    /// least three characters with a lower-case letter (`Europe/Pari`, `America/New_Yrok`) —
    /// which units written with `/` (`km/h`, `J/K`, `MB/s`) never are.
    public static func looksLikeZoneName(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return false }
        return parts.allSatisfy { part in
            guard let first = part.utf8.first, first &- UInt8(ascii: "A") < 26, part.utf8.count >= 3 else {
                return false
            }
            return part.utf8.contains { $0 &- UInt8(ascii: "a") < 26 }
        }
    }

    /// Whether `path` is a regular file that starts as a TZif file does (RFC 8536).
    static func isZoneFile(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        // Debian links many zones (`UTC` → `Etc/UTC`); follow a link only by reopening.
        let file = descriptor >= 0 ? descriptor : open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        var magic = [UInt8](repeating: 0, count: 4)
        guard read(file, &magic, 4) == 4 else { return false }
        return magic == Array("TZif".utf8)
    }

    /// Every zone name of the database (`Africa/Abidjan` … `Zulu`), sorted, for completion:
    /// the files under ``databasePath`` that are TZif files, without the `posix/` and `right/`
    /// copies.
    public static var allNames: [String] {
        if let names = state.withLock({ $0.allNames }) { return names }
        var found: [String] = []
        collect(directory: databasePath, prefix: "", into: &found, depth: 0)
        found.sort()
        state.withLock { $0.allNames = found }
        return found
    }

    private static func collect(directory: String, prefix: String, into found: inout [String], depth: Int) {
        guard depth < 4, let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard let first = name.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z"),
                isPlausibleName(name)
            else { continue }
            let path = directory + "/" + name
            var status = stat()
            guard stat(path, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                collect(directory: path, prefix: prefix + name + "/", into: &found, depth: depth + 1)
            } else if isZoneFile(path) {
                found.append(prefix + name)
            }
        }
    }

    @inline(__always)
    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (byte &- UInt8(ascii: "0")) < 10 || ((byte | 0x20) &- UInt8(ascii: "a")) < 26
    }
}
