import Foundation

/// A process's memory and open file descriptors, from Linux's `/proc/PID/status` and
/// `/proc/PID/fd`.
struct ProcessStatus: Sendable, Equatable {
    /// Resident set size now (`VmRSS`), in KiB.
    var residentKilobytes: Int
    /// The peak resident set size since the process started (`VmHWM`), in KiB.
    var peakResidentKilobytes: Int
    /// Open file descriptors (entries of `/proc/PID/fd`), or `nil` when that cannot be listed.
    var openFileDescriptors: Int?

    /// The status of process `pid` (this process when `nil`), or `nil` where `/proc` does not
    /// have it (another system, or the process is gone).
    static func read(pid: Int32? = nil) -> ProcessStatus? {
        let directory = "/proc/" + (pid.map(String.init) ?? "self")
        guard let text = try? String(contentsOfFile: directory + "/status", encoding: .utf8) else { return nil }
        func kilobytes(_ field: String) -> Int? {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return nil }
            return line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Int($0) }
        }
        guard let resident = kilobytes("VmRSS"), let peak = kilobytes("VmHWM") else { return nil }
        let descriptors = try? FileManager.default.contentsOfDirectory(atPath: directory + "/fd").count
        return ProcessStatus(residentKilobytes: resident, peakResidentKilobytes: peak, openFileDescriptors: descriptors)
    }
}
