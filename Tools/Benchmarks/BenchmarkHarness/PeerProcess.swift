import Foundation

/// A peer in another language (python3 with oauthlib, php-cli) that answers one line per line:
/// it prints its set-up answers first, then, for each `NAME SECONDS` line it reads, runs the
/// workload for about that much of its own CPU time and prints `COUNT SECONDS`. Swift and peer
/// slices alternate, so both sides see the same machine load.
public final class PeerProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()

    /// Starts `arguments` through `/usr/bin/env` (so the peer is found on `PATH`); `nil` when it
    /// cannot start.
    public init?(_ arguments: [String]) {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
    }

    /// The next line the peer prints; nil when it exits.
    public func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer = Data(buffer[buffer.index(after: newline)...])
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }

    /// The peer's operations of workload `name` and the CPU time they took, over about `seconds`.
    public func measure(_ name: String, seconds: Double) -> Sample? {
        input.fileHandleForWriting.write(Data("\(name) \(seconds)\n".utf8))
        guard let words = readLine()?.split(separator: " "), words.count == 2,
              let count = Int(words[0]), let elapsed = Double(words[1])
        else { return nil }
        return Sample(count: count, seconds: elapsed)
    }

    /// The end of every python3 peer's script: for each `NAME SECONDS` line it reads, runs
    /// `operations[NAME]` (a dictionary of functions the script defines before it) in batches
    /// of ten for about `SECONDS` of its thread's CPU time and prints `COUNT SECONDS`
    /// (``measure(_:seconds:)`` reads it). It starts on a line of its own.
    public static let pythonSlices = """

        import sys, time
        for line in sys.stdin:
            name, seconds = line.split()
            seconds, operation = float(seconds), operations[name]
            count = 0
            start = time.thread_time()
            while time.thread_time() - start < seconds:
                for _ in range(10):
                    operation()
                count += 10
            print(count, time.thread_time() - start, flush=True)

        """

    /// Closes the peer's input and waits for it to exit; its exit status (`env` gives 127 when
    /// it found no such program).
    @discardableResult
    public func stop() -> Int32 {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
