import Foundation
import Testing

/// Async tests share Swift's cooperative pool, which has one thread per core: a test that
/// blocks one (sleeping, waiting on a semaphore or a child process, a blocking lock or read)
/// stalls every other test in the process, and on a loaded machine the stall grows until
/// unrelated tests pass their hang guards. This check reads every test source and test helper
/// of the package and fails on a blocking call, naming the file, the line and what to use
/// instead. Code whose blocking runs on a thread of its own is listed in ``allowed``, each
/// with its reason.
@Suite("No blocking call in tests")
struct BlockingCallTests {
    /// The package's root: one level above this file's folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// Folders holding tests and the helpers tests run on (relative to the root); `*` is one
    /// folder name.
    static let folders = [
        "Modules/*/Tests", "MockServers/*/Tests", "Adapters/*/Tests", "Tools/Tests", "IntegrationTests", "TestSupport",
        "Modules/SignedHTTPTesting", "MockServers/MockServerTesting", "MockServers/OAuth1MockTesting",
    ]

    /// Files allowed to block, because they do it on threads they start themselves.
    static let allowed: [String: String] = [
        "TestSupport/ChildProcess.swift": "waitpid runs on the child's own reaper thread",
        "TestSupport/ChildProcessState.swift": "the output pipes are read by threads of their own",
        "IntegrationTests/BlockingCallTests.swift": "names the calls it looks for",
    ]

    /// A blocking call and what to write instead; only lines holding one of `words` are
    /// matched against `pattern` (a regular expression per line of every file is slow).
    struct Rule: Sendable, CustomStringConvertible {
        var words: [String]
        var pattern: String
        var instead: String
        var description: String { pattern }
    }

    static let rules = [
        Rule(words: ["sleep("], pattern: #"(?<![.\w])(usleep|sleep|nanosleep)\("#, instead: "try await Task.sleep(for:), or better, await the event itself"),
        Rule(words: ["Thread.sleep"], pattern: #"Thread\.sleep"#, instead: "try await Task.sleep(for:)"),
        Rule(words: ["Dispatch", "NSCondition"], pattern: #"DispatchSemaphore|DispatchGroup\(|NSCondition|NSConditionLock"#, instead: "a continuation, an AsyncStream or a task group"),
        Rule(words: ["wait"], pattern: #"\.wait\(\)|\.waitUntilExit\(\)|waitpid\("#, instead: "await ChildProcess.waitForExit(timeout:) or an async API"),
        Rule(words: ["readDataToEndOfFile", "readToEnd", "availableData"], pattern: #"readDataToEndOfFile|\.readToEnd\(\)|\.availableData"#, instead: "ChildProcess's captured output, or FileHandle.bytes"),
        Rule(words: ["Process()"], pattern: #"(?<![\w.])Process\(\)"#, instead: "TestSupport's ChildProcess (posix_spawn, async waits)"),
        Rule(words: ["flock("], pattern: #"flock\((?![^)]*LOCK_NB)"#, instead: "flock with LOCK_NB"),
    ]

    /// Every Swift file under ``folders``, relative to the root.
    static func sources() throws -> [String] {
        var files: [String] = []
        for folder in folders {
            let parts = folder.split(separator: "/").map(String.init)
            var bases = [""]
            for part in parts {
                bases = try bases.flatMap { base -> [String] in
                    if part != "*" { return [base.isEmpty ? part : base + "/" + part] }
                    let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(base).path)
                    return names.sorted().map { base + "/" + $0 }
                }
            }
            for base in bases {
                let url = root.appendingPathComponent(base)
                guard let walker = FileManager.default.enumerator(atPath: url.path) else { continue }
                for case let path as String in walker where path.hasSuffix(".swift") {
                    files.append(base + "/" + path)
                }
            }
        }
        return files
    }

    @Test("every test and test helper awaits instead of blocking", arguments: rules)
    func noBlockingCall(_ rule: Rule) throws {
        let files = try Self.sources()
        #expect(files.count > 100, "found only \(files.count) test sources under \(Self.root.path)")
        let expression = try NSRegularExpression(pattern: rule.pattern)
        var found: [String] = []
        for file in files where Self.allowed[file] == nil {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            guard rule.words.contains(where: text.contains) else { continue }
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard rule.words.contains(where: line.contains) else { continue }
                let code = line.components(separatedBy: "//").first ?? ""
                if code.contains("func ") { continue }  // a declaration, e.g. a test clock's sleep
                if expression.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
                    found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found.isEmpty, "a blocking call in a test holds one of the cooperative pool's threads; use \(rule.instead):\n\(found.joined(separator: "\n"))")
    }

    @Test("the check finds what it looks for")
    func rulesMatch() throws {
        let samples = [
            "usleep(10)", "sleep(1)", "Thread.sleep(forTimeInterval: 1)", "let s = DispatchSemaphore(value: 0)",
            "future.wait()", "process.waitUntilExit()", "handle.readDataToEndOfFile()", "let p = Process()", "flock(fd, LOCK_EX)",
        ]
        let clean = ["try await Task.sleep(for: .seconds(1))", "await clock.sleep(until: x)", "flock(fd, LOCK_EX | LOCK_NB)", "await child.waitForExit()"]
        let expressions = try Self.rules.map { try NSRegularExpression(pattern: $0.pattern) }
        func matches(_ text: String) -> Bool {
            expressions.contains { $0.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil }
        }
        for sample in samples { #expect(matches(sample), "\(sample)") }
        for sample in clean { #expect(!matches(sample), "\(sample)") }
    }
}
