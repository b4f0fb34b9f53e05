#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import Foundation
import HTTPTypes

/// One request on the dashboard: what arrived (secrets masked), the verdict and why, the
/// provider's base string (or string to sign, or hash input) beside the client's with the
/// differing parts marked, and the request to reproduce as `curl` or as a capture for
/// `signed-api explain`.
struct DashboardRequestPage {
    let running: MockServer.Running
    let entry: JournalEntry
    let token: String

    /// The page; `pasted` is a text the user pasted to compare with the provider's.
    func render(pasted: String?) -> String {
        let e = DashboardHTML.escape
        let received = entry.received
        let headers = received.headers.map { "<tr><th scope=\"row\">\(e($0.name.rawName))</th><td><code>\(e($0.value))</code></td></tr>" }.joined()
        var body = received.body.isEmpty ? "<p class=\"no-body\">No body.</p>" : "<pre class=\"body\">\(e(received.body))</pre>"
        if received.omittedBodyBytes > 0 {
            body += "<p class=\"omitted\">\(received.omittedBodyBytes) more bytes not kept (not text, or beyond the journal's journalEntryBytes).</p>"
        }
        return """
            <section id="summary" aria-labelledby="summary-title">
            <h2 id="summary-title"><span class="method">\(e(entry.method))</span> <span class="path">\(e(entry.path))</span> <span class="status">\(entry.status)</span> <span class="verdict verdict-\(entry.verdict.rawValue)">\(entry.verdict.rawValue)</span></h2>
            <p class="reason">\(e(entry.reason))</p>
            <p class="meta">\(e(entry.provider)) · #\(entry.sequence) · <time datetime="\(entry.timestamp)">\(entry.timestamp)</time></p>
            </section>
            <section id="received" aria-labelledby="received-title">
            <h3 id="received-title">Headers as received</h3>
            <p class="target"><code>\(e(entry.method)) \(e(received.target))</code></p>
            <table class="headers"><tbody>\(headers)</tbody></table>
            <h3>Body</h3>
            \(body)
            </section>
            \(diagnosisSection(pasted: pasted))
            <section id="reproduce" aria-labelledby="reproduce-title">
            <h3 id="reproduce-title">Reproduce</h3>
            <p>Secrets stay masked below: put them back before sending.</p>
            <pre id="curl">\(e(curl))</pre>
            <button type="button" class="copy" data-copy="curl" hidden>Copy as curl</button>
            <pre id="capture">\(e(capture))</pre>
            <button type="button" class="copy" data-copy="capture" hidden>Copy as capture for signed-api explain</button>
            <p class="copy-status" role="status"></p>
            </section>
            """
    }

    private func diagnosisSection(pasted: String?) -> String {
        guard let diagnosis = entry.diagnosis else { return "" }
        let e = DashboardHTML.escape
        let provider = e(entry.provider)
        let sent = HTTPField.Name(diagnosis.headerName).flatMap { entry.received.headers[$0] }
        let client = pasted.flatMap { $0.isEmpty ? nil : $0 } ?? sent
        var comparison = ""
        if let client {
            let result = running.context.provider.compare(client: client, with: diagnosis)
            let source = pasted?.isEmpty == false ? "From the text you pasted." : "From the request's \(e(diagnosis.headerName)) header."
            let findings = result.findings.isEmpty
                ? "<li>The two are identical: the provider computed what the client signed, so the key or secret differs.</li>"
                : result.findings.map { "<li>\(e($0))</li>" }.joined()
            comparison = """
                <div id="comparison">
                <p class="comparison-source">\(source)</p>
                <ul class="findings">\(findings)</ul>
                <div class="side-by-side">
                <div class="side client"><h4>Yours</h4><ol>\(lines(result.client))</ol></div>
                <div class="side server"><h4>\(provider)'s</h4><ol>\(lines(result.server))</ol></div>
                </div>
                </div>
                """
        }
        return """
            <section id="diagnosis" aria-labelledby="diagnosis-title">
            <h3 id="diagnosis-title">\(provider)'s \(e(diagnosis.title))</h3>
            <pre class="server-text">\(e(diagnosis.text))</pre>
            <form id="compare" method="post" action="\(e(DashboardRequestsPage.detailPath(entry)))/compare">
            <input type="hidden" name="token" value="\(e(token))">
            <label for="client-text">Your \(e(diagnosis.title))</label>
            <textarea id="client-text" name="client" rows="4" spellcheck="false">\(e(pasted ?? ""))</textarea>
            <button type="submit">Compare</button>
            </form>
            \(comparison)
            </section>
            """
    }

    private func lines(_ lines: [DiagnosisComparison.Line]) -> String {
        let e = DashboardHTML.escape
        return lines.map { line in
            let name = line.name.map { " data-name=\"\(e($0))\"" } ?? ""
            return "<li class=\"line\(line.differs ? " differs" : "")\"\(name)><code>\(e(line.text))</code></li>"
        }.joined()
    }

    /// The request as a `curl` command (POSIX shell quoting).
    var curl: String {
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let received = entry.received
        var parts = ["curl", "-X", entry.method, quoted(running.baseURL.absoluteString + received.target)]
        for field in received.headers where field.name != .contentLength {
            parts += ["-H", quoted("\(field.name.rawName): \(field.value)")]
        }
        if !received.body.isEmpty { parts += ["--data-binary", quoted(received.body)] }
        return parts.joined(separator: " ")
    }

    /// The request as `signed-api explain` reads a capture: request line, headers, empty line,
    /// body.
    var capture: String {
        let received = entry.received
        var lines = ["\(entry.method) \(received.target) HTTP/1.1"]
        if let authority = received.authority { lines.append("Host: \(authority)") }
        lines += received.headers.filter { $0.name != .contentLength }.map { "\($0.name.rawName): \($0.value)" }
        return lines.joined(separator: "\n") + "\n\n" + received.body
    }
}
#endif
