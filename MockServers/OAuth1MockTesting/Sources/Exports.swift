// `TestClientTransport` (the transport over HummingbirdTesting's client that every mock's
// `.router` tests use) lives in MockServerKitTesting; re-exported so `import OAuth1MockTesting`
// alone is enough for the OAuth 1.0a flow under `.router`.
@_exported public import MockServerKitTesting
