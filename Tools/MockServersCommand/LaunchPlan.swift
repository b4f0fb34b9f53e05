import ArgumentParser
import Foundation
import MockServerCatalog
import MockServerKit

/// Which providers start, and with what configuration, after merging the defaults, the
/// configuration file and the flags (flags win).
///
/// Ports: `--port-base N` puts each provider on `N +` its slot's offset (0: free ports); else a
/// provider's explicit `port` in the file; else the file's `portBase` the same way; else the
/// slot's fixed default port. Two providers on one fixed port are refused by ``MockServer``
/// before anything is bound.
struct LaunchPlan {
    var providers: [(any MockProvider, MockServerConfiguration)]
    /// Where the dashboard listens (`--dashboard` or the file's `dashboard`): with `--port-base N`
    /// on `N - 1` (a free port for 0); else the file's `dashboard.port`; else the file's
    /// `portBase` minus 1; else 8400. `nil` for no dashboard.
    var dashboard: MockDashboardConfiguration?
    /// The file's `adminToken`.
    var adminToken: String?

    init(file: MockServersFile, only: String?, host: String?, portBase: Int?, dashboard wantsDashboard: Bool = false) throws {
        let selected = only.map { Set(Self.names($0)) }
        if let base = portBase ?? file.portBase, !(0...65535).contains(base) {
            throw ValidationError("portBase must be between 0 and 65535 (got \(base))")
        }
        var providers: [(any MockProvider, MockServerConfiguration)] = []
        for catalogEntry in MockProviderCatalog.entries where selected?.contains(catalogEntry.name) ?? true {
            let slot = catalogEntry.slot
            let entry = file.providers[slot.name]
            var configuration = entry?.configuration ?? MockServerConfiguration()
            if let portBase {
                configuration.port = slot.port(base: portBase)
            } else if let port = entry?.port {
                configuration.port = port
            } else if let base = file.portBase {
                configuration.port = slot.port(base: base)
            } else {
                configuration.port = slot.defaultPort
            }
            guard (0...65535).contains(configuration.port) else {
                throw ValidationError("\(slot.name)'s port \(configuration.port) is outside 0...65535")
            }
            configuration.host = host ?? file.host ?? configuration.host
            providers.append((entry?.provider ?? catalogEntry.provider(), configuration))
        }
        guard !providers.isEmpty else {
            throw ValidationError("no provider selected; available: \(MockProviderCatalog.names.joined(separator: ", "))")
        }
        self.providers = providers
        adminToken = file.adminToken
        if wantsDashboard || file.dashboard != nil {
            var dashboard = file.dashboard ?? MockDashboardConfiguration()
            if let base = portBase {
                dashboard.port = base == 0 ? 0 : base - 1
            } else if !file.dashboardPortGiven {
                dashboard.port = file.portBase.map { $0 == 0 ? 0 : $0 - 1 } ?? MockDashboardConfiguration.defaultPort
            }
            if let host = host ?? file.host { dashboard.host = host }
            self.dashboard = dashboard
        }
    }

    /// The provider names in a comma-separated list.
    static func names(_ list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Throws unless every one of `names` is in the catalogue; `source` says who named them.
    static func requireKnown(_ names: [String], namedBy source: String) throws {
        let unknown = names.filter { MockProviderCatalog.entry(named: $0) == nil }
        guard unknown.isEmpty else {
            throw ValidationError("\(source) names unknown provider(s) \(unknown.joined(separator: ", ")); available: \(MockProviderCatalog.names.joined(separator: ", "))")
        }
    }
}
