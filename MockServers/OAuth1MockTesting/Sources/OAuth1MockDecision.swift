public import Foundation
import SigningCore

/// What the mock's authorisation page did with the resource owner's decision.
public enum OAuth1MockDecision: Sendable, Hashable {
    /// It redirected to the callback — with `oauth_token` and `oauth_verifier` after an
    /// approval, with `denied=` after a denial. Read it with `OAuth1Client.callback(_:for:)`,
    /// as the app would read its callback URL.
    case redirect(URL)
    /// Out of band (`oob`), approved: the PIN the page shows, which is the verifier.
    case pin(String)
    /// Out of band, denied: the page says so; there is no verifier.
    case deniedOutOfBand

    /// The verifier: the redirect's `oauth_verifier` or the PIN; `nil` after a denial.
    public var verifier: String? {
        switch self {
        case .redirect(let url):
            let query = url.absoluteString.split(separator: "?", maxSplits: 1).dropFirst().first ?? ""
            return (try? FormEncoding.parse(query))?.first { $0.name == "oauth_verifier" }?.value
        case .pin(let pin):
            return pin
        case .deniedOutOfBand:
            return nil
        }
    }
}
