import Foundation
import SignedHTTP

/// The site's session cookie: PHP names it (`SESS…`) and sets it with every new session.
/// The client learns its name from `Set-Cookie` and sends it back to ask `system.connect`
/// which user a session belongs to, which is how a stale session is told from a live one.
enum DrupalSessionCookie {
    /// The name of the cookie in `response`'s `Set-Cookie` fields whose value is `sessid`.
    static func name(in response: APIResponse, sessid: String) -> String? {
        for field in response.headers.values(for: "Set-Cookie") {
            for segment in field.split(whereSeparator: { $0 == ";" || $0 == "," }) {
                let pair = segment.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[1] == sessid else { continue }
                let name = pair[0].trimmingCharacters(in: .whitespaces)
                if !name.isEmpty { return name }
            }
        }
        return nil
    }

    /// The `Cookie` header value that presents `session`, when its cookie name is known.
    static func header(for session: DrupalSession) -> String? {
        session.cookieName.map { "\($0)=\(session.sessid)" }
    }
}
