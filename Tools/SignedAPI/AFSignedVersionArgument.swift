// Public imports: a conformance of a public type is public, so the protocol and the type must
// be imported publicly (SE-0409); this executable has no clients, so nothing else is exposed.
public import AFSignedClient
public import ArgumentParser

/// `--version 2|4` as written in `auth_version`.
extension AFSignedVersion: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// `--client-id-field auth_client_id|auth_key`.
extension AFSignedClientIDField: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
