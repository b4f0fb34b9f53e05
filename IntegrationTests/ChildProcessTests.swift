import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// TestSupport's `ChildProcess`, which every test that launches a process uses: input, output,
/// environment, the timeout's kill, and the kill when the last reference goes.
@Suite("Child-process runner")
struct ChildProcessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test("standard input in, both outputs captured apart, the exit status returned")
    func inputAndOutputs() async throws {
        let result = try await ChildProcess.run(Self.shell, ["-c", "cat; echo oops >&2; exit 3"], input: Data("hello\n".utf8))
        #expect(result.status == 3)
        #expect(result.output == "hello\n")
        #expect(result.errorOutput == "oops\n")
    }

    @Test("more output than a pipe holds arrives whole")
    func largeOutput() async throws {
        let result = try await ChildProcess.run(Self.shell, ["-c", "head -c 1000000 /dev/zero"])
        #expect(result.status == 0)
        #expect(result.outputData.count == 1_000_000)
    }

    @Test("variables are added, and removed by prefix")
    func environment() async throws {
        // A variable this process already has: setting one here would race with the other tests
        // starting processes in parallel (Foundation's Process copies the environment unlocked).
        let name = try #require(ProcessInfo.processInfo.environment.keys.sorted().first { name in
            name != "PATH" && !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "_") }
        }, "the test process has no environment variable to remove")
        let script = "if [ -n \"${\(name)+x}\" ]; then echo \"set $ADDED\"; else echo \"unset $ADDED\"; fi"
        let removed = try await ChildProcess.run(Self.shell, ["-c", script], environment: ["ADDED": "yes"], removingEnvironmentPrefixes: [name])
        #expect(removed.output == "unset yes\n")
        let kept = try await ChildProcess.run(Self.shell, ["-c", script], environment: ["ADDED": "yes"])
        #expect(kept.output == "set yes\n")
    }

    @Test("a command past its timeout is killed and reported with its standard error")
    func timeout() async throws {
        let error = await #expect(throws: ChildProcess.TimedOut.self) {
            try await ChildProcess.run(Self.shell, ["-c", "echo started >&2; exec sleep 600"], timeout: .milliseconds(500))
        }
        #expect(error?.description.contains("started") == true, "\(String(describing: error))")
    }

    @Test("a cancelled run kills its child and throws CancellationError")
    func cancelledRun() async throws {
        let run = Task { try await ChildProcess.run(Self.shell, ["-c", "exec sleep 600"], timeout: .seconds(600)) }
        run.cancel()
        await #expect(throws: CancellationError.self) { try await run.value }
    }

    @Test("waiting for a line returns when it is written; false when the child ends without it")
    func waitForOutput() async throws {
        let child = try ChildProcess(Self.shell, ["-c", "echo ready; exec sleep 600"])
        #expect(await child.waitForOutput { $0.contains("ready\n") })
        await child.stop()
        #expect(!child.isRunning)
        #expect(child.endedBySignal)
        let quiet = try ChildProcess(Self.shell, ["-c", "exit 0"])
        #expect(await quiet.waitForOutput { $0.contains("ready") } == false)
    }

    @Test("many children waited for at once hold no thread of the cooperative pool")
    func manyWaitsAtOnce() async throws {
        // More waits than the pool has threads, and children that exit only once a task added
        // after every wait has run: were a wait to block its thread, that task would never run.
        let count = 4 * ProcessInfo.processInfo.activeProcessorCount + 4
        let gate = FileManager.default.temporaryDirectory.appendingPathComponent("gate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: gate) }
        let children = try (0..<count).map { _ in
            try ChildProcess(Self.shell, ["-c", #"while [ ! -e "$0" ]; do sleep 0.01; done"#, gate.path])
        }
        let statuses = await withTaskGroup(of: Int32?.self) { group in
            for child in children { group.addTask { await child.waitForExit(timeout: .seconds(60)) } }
            group.addTask { FileManager.default.createFile(atPath: gate.path, contents: nil) ? 0 : -1 }
            return await group.reduce(into: [Int32?]()) { $0.append($1) }
        }
        #expect(statuses.count == count + 1)
        #expect(statuses.allSatisfy { $0 == 0 }, "\(statuses)")
    }

    @Test("letting go of a running child kills it, and its own thread reaps it")
    func releaseKills() async throws {
        var child: ChildProcess? = try ChildProcess(Self.shell, ["-c", "exec sleep 600"])
        let pid = try #require(child?.processIdentifier)
        #expect(kill(pid, 0) == 0)
        // `tail --pid` exits once no process (not even a zombie) has the identifier.
        let watcher = try ChildProcess(URL(fileURLWithPath: "/usr/bin/tail"), ["--pid", String(pid), "-s", "0.05", "-f", "/dev/null"])
        child = nil
        #expect(await watcher.waitForExit(timeout: .seconds(30)) == 0, "\(watcher.errorOutput)")
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }
}
