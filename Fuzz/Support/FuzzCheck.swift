/// A property a target checks on every input. A broken one stops the run the way a crash does,
/// so libFuzzer saves the input as an artifact; the message says which property failed.
public func fuzzRequire(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    guard !condition else { return }
    fatalError("property failed: \(message())", file: file, line: line)
}
