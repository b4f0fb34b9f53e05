/// Samples a process's ``ProcessStatus`` in the background: the highest open file-descriptor
/// count seen (the kernel keeps the peak resident size itself, `VmHWM`), and a reading every
/// `recordEvery` for the memory-over-time series.
struct ResourceSampler {
    /// One reading of the series.
    struct Sample: Encodable, Sendable {
        /// Seconds since sampling started.
        var second: Int
        var residentKilobytes: Int
        var openFileDescriptors: Int?
    }

    /// What the sampler saw.
    struct Readings: Sendable {
        var peakDescriptors: Int?
        var series: [Sample]
    }

    private let task: Task<Readings, Never>

    /// Starts sampling process `pid` (this process when `nil`) every `interval`, recording one
    /// sample of the series every `recordEvery`.
    init(pid: Int32?, every interval: Duration = .milliseconds(200), recordEvery: Duration = .seconds(5)) {
        task = Task {
            let clock = ContinuousClock()
            let start = clock.now
            var next = start
            var readings = Readings(peakDescriptors: nil, series: [])
            while !Task.isCancelled {
                if let status = ProcessStatus.read(pid: pid) {
                    if let descriptors = status.openFileDescriptors {
                        readings.peakDescriptors = max(readings.peakDescriptors ?? 0, descriptors)
                    }
                    if clock.now >= next {
                        let second = Int((clock.now - start).seconds.rounded())
                        readings.series.append(Sample(second: second, residentKilobytes: status.residentKilobytes, openFileDescriptors: status.openFileDescriptors))
                        next += recordEvery
                    }
                }
                try? await Task.sleep(for: interval)
            }
            return readings
        }
    }

    /// Stops sampling and returns what was seen.
    func stop() async -> Readings {
        task.cancel()
        return await task.value
    }
}
