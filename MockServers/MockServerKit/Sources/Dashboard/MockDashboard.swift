#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import Foundation
import Hummingbird
import HTTPTypes
import Logging
import NIOCore
import SigningCore

/// The dashboard of a ``MockServer``: one page for every provider it runs, on a port of its
/// own. Started by ``MockServer/start(_:clock:sleepClock:logger:shutdownSignals:replayStore:dashboard:adminToken:)``
/// with a ``MockDashboardConfiguration``; `mock-servers --dashboard` prints its URL.
///
/// Routes, all behind ``AdminAccess`` (this server's names only; loopback clients only unless
/// configured; the admin token for anything that changes state):
/// - `GET /`: the requests, newest first, filtered by `provider` and `verdict`, and the
///   providers' panels; `GET /events`: the same requests live (server-sent events).
/// - `GET /requests/NAME/N`: one request; `POST /requests/NAME/N/compare`: the same with a
///   pasted base string compared.
/// - `/providers/NAME/__admin/faults` and `…/journal`: each provider's own admin routes.
/// - `GET /assets/dashboard.css` and `/assets/dashboard.js`: compiled into the binary.
enum MockDashboard {
    /// The largest pasted text compared.
    static let maxPasteBytes = 64 << 10

    static func application(
        providers: [MockServer.Running],
        configuration: MockDashboardConfiguration,
        token: String,
        logger: Logger,
        onServerRunning: @escaping @Sendable (any Channel) async -> Void
    ) -> some ApplicationProtocol {
        let access = AdminAccess(token: token, host: configuration.host, extraHosts: configuration.hosts, allowsRemoteClients: configuration.allowRemoteClients)
        let router = Router(context: MockRequestContext.self)
        router.add(middleware: DashboardGuard(access: access, token: token))
        router.get("/") { request, _ -> Response in
            let provider = request.uri.queryParameters.get("provider").flatMap { $0.isEmpty ? nil : $0 }
            let verdict = request.uri.queryParameters.get("verdict").flatMap { $0.isEmpty ? nil : $0 }
            let body = await DashboardRequestsPage(providers: providers, token: token).render(provider: provider, verdict: verdict)
            return DashboardHTML.page(title: "mock-servers dashboard", name: "requests", token: token,
                                      header: "<p class=\"subtitle\">Every request to the mock providers, its verdict and why.</p>", body: body)
        }
        router.get("/events") { _, _ -> Response in
            await DashboardEvents.response(providers: providers)
        }
        router.get("/assets/dashboard.css") { _, _ -> Response in
            asset(PackageResources.dashboard_css, contentType: "text/css; charset=utf-8")
        }
        router.get("/assets/dashboard.js") { _, _ -> Response in
            asset(PackageResources.dashboard_js, contentType: "text/javascript; charset=utf-8")
        }
        router.get("/requests/{provider}/{sequence}") { _, context -> Response in
            await requestPage(context: context, providers: providers, token: token, pasted: nil)
        }
        router.post("/requests/{provider}/{sequence}/compare") { request, context -> Response in
            var request = request
            guard let body = try? await request.collectBody(upTo: maxPasteBytes),
                  let fields = try? FormEncoding.parse(utf8: body.readableBytesView)
            else {
                return DashboardHTML.problem("Paste at most \(maxPasteBytes / 1024) KiB, sent as a form.", token: token, status: .badRequest)
            }
            let formToken = fields.first { $0.name == "token" }?.value
            if let refusal = access.refusal(request.head, formToken: formToken, peer: context.channel.remoteAddress) {
                return DashboardHTML.problem(refusal, token: token, status: .forbidden)
            }
            let pasted = fields.first { $0.name == "client" }?.value.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            return await requestPage(context: context, providers: providers, token: token, pasted: pasted)
        }
        for running in providers {
            AdminRoutes.add(to: router.group("/providers/\(running.name)/__admin"), server: running.context, access: access)
        }
        return Application(
            router: router,
            server: .http1(configuration: .init(idleTimeout: .seconds(60))),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: onServerRunning,
            logger: logger
        )
    }

    private static func asset(_ bytes: [UInt8], contentType: String) -> Response {
        var headers = DashboardHTML.securityHeaders(contentType: contentType)
        headers[.contentLength] = String(bytes.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    private static func requestPage(context: MockRequestContext, providers: [MockServer.Running], token: String, pasted: String?) async -> Response {
        let name = context.parameters.get("provider") ?? ""
        guard let running = providers.first(where: { $0.name == name }) else {
            return DashboardHTML.problem("No provider is called '\(name.prefix(100))' here.", token: token, status: .notFound)
        }
        guard let sequence = context.parameters.get("sequence").flatMap(Int.init),
              let entry = await running.context.journal.entries.first(where: { $0.sequence == sequence })
        else {
            return DashboardHTML.problem("\(running.name) has no such request in its journal: it was cleared, or dropped to keep the journal within journalCapacity.", token: token, status: .notFound)
        }
        let body = DashboardRequestPage(running: running, entry: entry, token: token).render(pasted: pasted)
        return DashboardHTML.page(title: "\(entry.method) \(entry.path) — mock-servers", name: "request", token: token,
                                  header: #"<p><a href="/">← All requests</a></p>"#, body: body)
    }
}

/// Refuses, with 403, a dashboard request ``AdminAccess`` does not allow (the admin token is
/// checked by the admin routes' own guard and by the compare form), and answers a path the
/// dashboard does not have with its 404 page.
struct DashboardGuard: RouterMiddleware {
    typealias Context = MockRequestContext
    let access: AdminAccess
    let token: String

    func handle(_ request: Request, context: MockRequestContext, next: (Request, MockRequestContext) async throws -> Response) async throws -> Response {
        var head = request.head
        head.method = .get  // Host, Origin and peer only, here
        if let refusal = access.refusal(head, peer: context.channel.remoteAddress) {
            return AdminRoutes.adminError(refusal, status: .forbidden)
        }
        do {
            var response = try await next(request, context)
            for (name, value) in [("X-Content-Type-Options", "nosniff"), ("Content-Security-Policy", DashboardHTML.contentSecurityPolicy)] {
                let field = HTTPField.Name(name)!
                if response.headers[field] == nil { response.headers[field] = value }
            }
            return response
        } catch let error as HTTPError where error.status == .notFound || error.status == .methodNotAllowed {
            return DashboardHTML.problem("The dashboard has no such page.", token: token, status: error.status)
        }
    }
}
#endif
