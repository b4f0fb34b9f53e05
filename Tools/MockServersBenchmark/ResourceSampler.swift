/// Samples a process's ``ProcessStatus`` in the background and keeps the highest open
/// file-descriptor count seen (the kernel keeps the peak resident size itself, `VmHWM`).
struct ResourceSampler {
    private let task: Task<Int?, Never>

    /// Starts sampling process `pid` (this process when `nil`) every `interval`.
    init(pid: Int32?, every interval: Duration = .milliseconds(200)) {
        task = Task {
            var peak: Int?
            while !Task.isCancelled {
                if let descriptors = ProcessStatus.read(pid: pid)?.openFileDescriptors {
                    peak = max(peak ?? 0, descriptors)
                }
                try? await Task.sleep(for: interval)
            }
            return peak
        }
    }

    /// Stops sampling; the most open file descriptors seen, or `nil` if they could not be read.
    func stop() async -> Int? {
        task.cancel()
        return await task.value
    }
}
