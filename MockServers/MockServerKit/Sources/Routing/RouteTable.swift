#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import NIOConcurrencyHelpers

/// The routes a server registered, each with its operation: to tell "unknown path" (404) from
/// "wrong method" (405), and to write `/openapi.json`.
final class RouteTable: Sendable {
    /// One registered route.
    struct Route: Sendable {
        var pattern: String
        var segments: [Substring]
        var method: String
        var operation: MockOperation
    }

    private let routes = NIOLockedValueBox<[Route]>([])

    func add(method: String, pattern: String, operation: MockOperation) {
        let segments = pattern.split(separator: "/")
        routes.withLockedValue { $0.append(Route(pattern: pattern, segments: segments, method: method, operation: operation)) }
    }

    /// Every route, in the order registered.
    var all: [Route] {
        routes.withLockedValue { $0 }
    }

    /// The methods registered for a path that matches `path`, sorted.
    func allowedMethods(for path: String) -> [String] {
        let parts = path.split(separator: "/")
        let methods = routes.withLockedValue { routes in
            routes.filter { Self.matches($0.segments, parts) }.map(\.method)
        }
        return Set(methods).sorted()
    }

    private static func matches(_ pattern: [Substring], _ parts: [Substring]) -> Bool {
        guard pattern.count == parts.count else { return false }
        return zip(pattern, parts).allSatisfy { pattern, part in
            pattern == part || pattern.hasPrefix("{") || pattern.hasPrefix(":") || pattern == "*"
        }
    }
}
#endif
