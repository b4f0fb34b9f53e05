public import MockServerKit

/// A provider `mock-servers` can run: its slot (name and default port) and how to make it,
/// with default options or with options decoded from its config entry.
public struct MockCatalogEntry: Sendable {
    /// The provider's name and default port.
    public let slot: MockProviderSlot
    private let makeDefault: @Sendable () -> any MockProvider
    private let makeDecoded: @Sendable (any Decoder) throws(MockServerError) -> any MockProvider

    /// An entry in `slot` whose provider `make` builds from its options.
    public init<Provider: MockProvider>(_ slot: MockProviderSlot, make: @escaping @Sendable (Provider.Options) -> Provider) {
        self.slot = slot
        makeDefault = { make(Provider.Options()) }
        makeDecoded = { decoder throws(MockServerError) in
            make(try Provider.Options.decode(from: decoder, provider: slot.name))
        }
    }

    /// The provider's name.
    public var name: String { slot.name }

    /// The provider with its default options.
    public func provider() -> any MockProvider {
        makeDefault()
    }

    /// The provider with options decoded from `decoder`, the JSON `options` object of its
    /// config entry.
    ///
    /// - Throws: `MockServerError` with code `invalidOption`, naming the
    ///   provider, the option and what it accepts.
    public func provider(optionsFrom decoder: any Decoder) throws(MockServerError) -> any MockProvider {
        try makeDecoded(decoder)
    }
}
