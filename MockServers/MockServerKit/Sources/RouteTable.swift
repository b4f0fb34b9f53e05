import NIOConcurrencyHelpers

/// The routes a provider registered, to tell "unknown path" (404) from "wrong method" (405).
final class RouteTable: Sendable {
    private struct Route: Sendable {
        var segments: [Substring]
        var method: String
    }

    private let routes = NIOLockedValueBox<[Route]>([])

    func add(method: String, pattern: String) {
        let segments = pattern.split(separator: "/")
        routes.withLockedValue { $0.append(Route(segments: segments, method: method)) }
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
