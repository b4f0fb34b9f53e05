#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import Hummingbird
import HTTPTypes
import NIOCore

/// The dashboard's HTML: escaping (the one function every value goes through), the page shell
/// and the headers every answer carries.
enum DashboardHTML {
    /// `text` safe in HTML text and in a double-quoted attribute.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\0": escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// The Content-Security-Policy of every answer: scripts and styles from this server only,
    /// nothing inline, no frames, forms posting only here.
    static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    /// The headers every dashboard answer carries.
    static func securityHeaders(contentType: String) -> HTTPFields {
        [
            .contentType: contentType,
            .contentSecurityPolicy: contentSecurityPolicy,
            HTTPField.Name("X-Content-Type-Options")!: "nosniff",
            HTTPField.Name("X-Frame-Options")!: "DENY",
            // Not `no-referrer`: with it Chromium sends `Origin: null` on the page's own form posts.
            HTTPField.Name("Referrer-Policy")!: "same-origin",
            .cacheControl: "no-store",
        ]
    }

    /// A whole page: `body` inside the shell, with the admin token the scripts send.
    static func page(title: String, name: String, token: String, header: String = "", body: String, status: HTTPResponse.Status = .ok) -> Response {
        let html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <link rel="stylesheet" href="/assets/dashboard.css">
            <script src="/assets/dashboard.js" defer></script>
            </head>
            <body data-token="\(escape(token))" data-page="\(escape(name))">
            <header class="top"><h1>mock-servers</h1>\(header)</header>
            <main>
            \(body)
            </main>
            </body>
            </html>

            """
        return response(html, contentType: "text/html; charset=utf-8", status: status)
    }

    /// An answer with the dashboard's headers.
    static func response(_ text: String, contentType: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = securityHeaders(contentType: contentType)
        headers[.contentLength] = String(text.utf8.count)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// A short page saying what went wrong and where to go.
    static func problem(_ message: String, token: String, status: HTTPResponse.Status) -> Response {
        page(title: "mock-servers dashboard", name: "problem", token: token, header: #"<p><a href="/">← All requests</a></p>"#,
             body: "<section id=\"problem\"><h2>\(status.code) \(escape(status.reasonPhrase))</h2><p>\(escape(message))</p></section>", status: status)
    }
}
#endif
