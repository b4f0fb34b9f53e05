#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Seconds of CPU time this thread has used. CPU time rather than wall time on both sides of a
/// comparison: on a machine shared with other jobs, time spent descheduled is not the code's.
public func threadCPUTime() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

/// Operations done and the CPU time they took.
public struct Sample {
    public var count: Int
    public var seconds: Double

    public init(count: Int = 0, seconds: Double = 0) {
        self.count = count
        self.seconds = seconds
    }

    /// Operations per second.
    public var rate: Double { Double(count) / seconds }

    public static func += (total: inout Sample, sample: Sample) {
        total.count += sample.count
        total.seconds += sample.seconds
    }
}

/// Runs `operation` in batches of `batch` (between two readings of the clock) for about
/// `seconds` of this thread's CPU time, and counts the runs that returned more than zero: the
/// result is used, so the optimiser cannot drop the work.
public func measureCPU(batch: Int, seconds: Double, _ operation: () -> Int) -> Sample {
    var count = 0
    let start = threadCPUTime()
    while threadCPUTime() - start < seconds {
        for _ in 0..<batch { count &+= operation() > 0 ? 1 : 0 }
    }
    return Sample(count: count, seconds: threadCPUTime() - start)
}
