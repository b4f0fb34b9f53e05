// Public imports: a conformance of a public type is public, so the protocol and the type must
// be imported publicly (SE-0409); this executable has no clients, so nothing else is exposed.
public import ArgumentParser
public import DrupalServicesClient

/// `--jsonrpc` takes the version as written on the wire (`1.1`, `2.0`); `--help` lists both.
extension JSONRPCVersion: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
