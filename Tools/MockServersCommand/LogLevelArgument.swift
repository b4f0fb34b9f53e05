// Public imports: a conformance of a public type is public, so the protocol and the type must
// be imported publicly (SE-0409); this executable has no clients, so nothing else is exposed.
public import ArgumentParser
public import Logging

/// `--log-level` takes swift-log's level by name (`trace` … `critical`), so `--help` lists the
/// levels and a bad name gets ArgumentParser's own error listing them.
extension Logger.Level: @retroactive ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument)
    }
}
