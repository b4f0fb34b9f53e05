import MockServerKit
import OAuth1Mock

/// Every provider the command knows, in the order their default ports are assigned.
enum ProviderRegistry {
    static let all: [any MockProvider] = OAuth1Flavour.all.map { OAuth1MockProvider(flavour: $0) }
}
