import ArgumentParser
import Foundation
import MockServerKit

/// Which providers start, and with what configuration, after merging the defaults, the
/// configuration file and the flags (flags win).
struct LaunchPlan {
    var providers: [(any MockProvider, MockServerConfiguration)]

    init(file: CommandConfigurationFile, only: String?, host: String?, portBase: Int?) throws {
        let known = Set(ProviderRegistry.all.map(\.name))
        let unknown = file.providers.keys.filter { !known.contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw ValidationError("the configuration file names unknown provider(s) \(unknown.joined(separator: ", ")); available: \(known.sorted().joined(separator: ", "))")
        }
        let selected = only.map { Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }) }
        let base = portBase ?? file.portBase
        if let base, !(0...65535).contains(base) {
            throw ValidationError("portBase must be between 0 and 65535 (got \(base))")
        }
        var providers: [(any MockProvider, MockServerConfiguration)] = []
        for (index, provider) in ProviderRegistry.all.enumerated() where selected?.contains(provider.name) ?? true {
            let entry = file.providers[provider.name]
            var configuration = entry?.configuration ?? MockServerConfiguration()
            if let portBase {
                configuration.port = portBase == 0 ? 0 : portBase + index
            } else if let port = entry?.port {
                configuration.port = port
            } else if let base = file.portBase {
                configuration.port = base == 0 ? 0 : base + index
            } else {
                configuration.port = provider.defaultPort
            }
            guard (0...65535).contains(configuration.port) else {
                throw ValidationError("\(provider.name)'s port \(configuration.port) is outside 0...65535")
            }
            configuration.host = host ?? file.host ?? configuration.host
            providers.append((provider, configuration))
        }
        guard !providers.isEmpty else {
            throw ValidationError("no provider selected; available: \(known.sorted().joined(separator: ", "))")
        }
        self.providers = providers
    }
}
