import Foundation

/// The value after `name` on the command line (`--seconds 3`), if given.
public func option(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    return arguments.firstIndex(of: name).flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
}

/// Prints a line at once, also into a pipe or `tee` (the runs are long).
public func say(_ line: String) {
    print(line)
    fflush(nil)
}

/// Writes `message` to standard error and exits with `status`.
public func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

/// The median of `values` (the upper one of an even count).
public func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// `value` as a ratio: `12.3x`.
public func ratio(_ value: Double) -> String { String(format: "%.1fx", value) }

/// The workloads `--workload a,b,…` names, in that order, or all of them without the option;
/// exits with status 2 naming the choices for an unknown name.
public func selectedWorkloads<Workload>(_ all: [Workload], name: (Workload) -> String) -> [Workload] {
    guard let names = option("--workload") else { return all }
    return names.split(separator: ",").map { wanted in
        guard let workload = all.first(where: { name($0) == wanted }) else {
            fail("unknown workload '\(wanted)'; one of: \(all.map(name).joined(separator: ", "))", status: 2)
        }
        return workload
    }
}
