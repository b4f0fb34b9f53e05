#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import Foundation
import SignedHTTP

/// The dashboard's main page: the requests of every provider, newest first (rendered here,
/// so the page works without JavaScript; the script keeps it live), and a panel per provider.
struct DashboardRequestsPage {
    /// The most rows rendered.
    static let rowLimit = 200

    let providers: [MockServer.Running]
    let token: String

    /// The page for the entries matching the `provider` and `verdict` filters (`nil`: all).
    func render(provider: String?, verdict: String?) async -> String {
        var entries: [JournalEntry] = []
        for running in providers where provider == nil || provider == running.name {
            entries += await running.context.journal.entries.suffix(Self.rowLimit)
        }
        let shown = entries
            .filter { verdict == nil || $0.verdict.rawValue == verdict }
            .sorted { ($0.date, $0.sequence) > ($1.date, $1.sequence) }
            .prefix(Self.rowLimit)
        let rows = shown.map(Self.row).joined(separator: "\n")
        return """
            <section id="requests" aria-labelledby="requests-title">
            <h2 id="requests-title">Requests</h2>
            <form id="filters" method="get" action="/">
            <label for="filter-provider">Provider</label>
            <select id="filter-provider" name="provider"><option value="">All providers</option>\(options(providers.map(\.name), selected: provider))</select>
            <label for="filter-verdict">Verdict</label>
            <select id="filter-verdict" name="verdict"><option value="">All verdicts</option>\(options(["accepted", "rejected", "faulted"], selected: verdict))</select>
            <button type="submit" id="apply-filters">Apply</button>
            <button type="button" id="pause" aria-pressed="false" hidden>Pause</button>
            <button type="button" id="clear" hidden>Clear</button>
            <span id="live-status" role="status" aria-live="polite">Reload for new requests.</span>
            </form>
            <table id="request-list">
            <caption class="visually-hidden">Requests, newest first</caption>
            <thead><tr><th scope="col">Time</th><th scope="col">Provider</th><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Status</th><th scope="col">Verdict</th><th scope="col">Reason</th></tr></thead>
            <tbody>
            \(rows)
            </tbody>
            </table>
            <p id="empty-list"\(shown.isEmpty ? "" : " hidden")>No requests yet. Point a client at a provider below; each request shows up here with its verdict and the reason.</p>
            </section>
            <section id="providers" aria-labelledby="providers-title">
            <h2 id="providers-title">Providers</h2>
            \(providers.map(panel).joined(separator: "\n"))
            </section>
            """
    }

    private func options(_ values: [String], selected: String?) -> String {
        values.map { value in
            let escaped = DashboardHTML.escape(value)
            return "<option value=\"\(escaped)\"\(value == selected ? " selected" : "")>\(escaped)</option>"
        }.joined()
    }

    /// One request's row.
    static func row(_ entry: JournalEntry) -> String {
        let e = DashboardHTML.escape
        let provider = e(entry.provider)
        let verdict = entry.verdict.rawValue
        return """
            <tr class="request verdict-\(verdict)" data-provider="\(provider)" data-sequence="\(entry.sequence)" data-verdict="\(verdict)">\
            <td class="time"><time datetime="\(entry.timestamp)">\(e(clockTime(entry.date)))</time></td>\
            <td class="provider">\(provider)</td><td class="method">\(e(entry.method))</td>\
            <td class="path"><a href="\(e(detailPath(entry)))">\(e(entry.path))</a></td>\
            <td class="status">\(entry.status)</td><td class="verdict">\(verdict)</td><td class="reason">\(e(entry.reason))</td></tr>
            """
    }

    /// `/requests/PROVIDER/SEQUENCE`.
    static func detailPath(_ entry: JournalEntry) -> String {
        "/requests/\(PercentEncoding.encode(entry.provider))/\(entry.sequence)"
    }

    /// `HH:mm:ss.SSS` in UTC.
    static func clockTime(_ date: Date) -> String {
        let timestamp = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
        guard let t = timestamp.firstIndex(of: "T") else { return timestamp }
        return String(timestamp[timestamp.index(after: t)...].prefix(12))
    }

    /// A provider's panel: URL, demo credentials (secrets hidden until revealed), options in
    /// force, fault rules and the form that adds them.
    private func panel(_ running: MockServer.Running) -> String {
        let e = DashboardHTML.escape
        let name = e(running.name)
        let credentials = running.credentials.sorted { $0.key < $1.key }.map { key, value in
            let shown = Self.isSecret(key)
                ? "<code class=\"secret-value\" hidden>\(e(value))</code> <span class=\"secret-mask\">••••••</span> <button type=\"button\" class=\"reveal\" aria-expanded=\"false\" hidden>Reveal</button>"
                : "<code>\(e(value))</code>"
            return "<dt>\(e(key))</dt><dd>\(shown)</dd>"
        }.joined()
        let options = Self.options(of: running.context.provider).map { key, value in
            "<tr><th scope=\"row\">\(e(key))</th><td><code>\(e(value))</code></td></tr>"
        }.joined()
        let rules = running.context.faults.all
        let faults = rules.map { "<li><code>\(e(Self.json($0)))</code></li>" }.joined()
        var routes: [String] = []
        for route in running.context.routes.all where !route.pattern.hasPrefix("/__admin") && route.pattern != "/health" && route.pattern != "/openapi.json" {
            let text = "\(route.method) \(route.pattern)"
            if !routes.contains(text) { routes.append(text) }
        }
        let routeOptions = (["<option value=\"*\">every route</option>"] + routes.map { "<option value=\"\(e($0))\">\(e($0))</option>" }).joined()
        let kinds = ["status", "latency", "randomLatency", "dribble", "emptyResponse", "malformedResponse", "connectionReset", "clockSkew"]
            .map { "<option value=\"\($0)\">\($0)</option>" }.joined()
        return """
            <article class="provider" data-provider="\(name)" aria-labelledby="provider-\(name)">
            <h3 id="provider-\(name)">\(name)</h3>
            <p><a class="base-url" href="\(e(running.baseURL.absoluteString))">\(e(running.baseURL.absoluteString))</a></p>
            <h4>Demo credentials</h4>
            <dl class="credentials">\(credentials)</dl>
            <h4>Options</h4>
            <table class="options"><tbody>\(options)</tbody></table>
            <h4>Faults</h4>
            <ul class="faults">\(faults)</ul>
            <p class="no-faults"\(rules.isEmpty ? "" : " hidden")>No faults.</p>
            <form class="add-fault" data-provider="\(name)" hidden>
            <label for="fault-route-\(name)">Route</label>
            <select id="fault-route-\(name)" name="route">\(routeOptions)</select>
            <label for="fault-kind-\(name)">Fault</label>
            <select id="fault-kind-\(name)" name="kind">\(kinds)</select>
            <label for="fault-value-\(name)">Value</label>
            <input id="fault-value-\(name)" name="value" inputmode="numeric" autocomplete="off">
            <label for="fault-remaining-\(name)">Times</label>
            <input id="fault-remaining-\(name)" name="remaining" inputmode="numeric" placeholder="always" autocomplete="off">
            <button type="submit">Add fault</button>
            <button type="button" class="clear-faults">Remove all faults</button>
            <p class="fault-error" role="alert"></p>
            </form>
            </article>
            """
    }

    /// Whether a demo credential is shown only on request: secrets, passwords and private or
    /// API keys.
    static func isSecret(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return SecretParameterNames.holdsSecret(name) || lowered.contains("privatekey") || lowered.contains("apikey")
    }

    /// The provider's options in force, as `mock-servers`' config file writes them.
    static func options(of provider: any MockProvider) -> [(String, String)] {
        guard let data = try? JSONEncoder().encode(provider.options),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [] }
        return object.keys.sorted().map { key in
            let value = object[key]!
            let text = (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes]))
                .map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
            return (key, text)
        }
    }

    /// `value` as one line of JSON, keys sorted (a fault rule as the admin route writes it; the
    /// live list's `faults` event).
    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
#endif
