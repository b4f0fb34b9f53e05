public import SigningCore

/// The mock's authorisation page as a browser sees it: the form a person submits to approve
/// or deny a request token, and where the out-of-band page shows the PIN. The routes render
/// and read the page with these names, and `OAuth1MockTesting` fills it in with them, so a
/// test never has to read field names off the HTML.
///
/// `GET {authorizePath}?oauth_token=…` shows the form; `POST {authorizePath}` with
/// ``fields(token:approve:)`` as `application/x-www-form-urlencoded` decides: 302 to the
/// callback (`oauth_token` and `oauth_verifier`, or `denied=`), or for `oob` a page with the PIN
/// in the element whose id is ``pinElementID``.
public enum OAuth1AuthorizationForm {
    /// The hidden field that carries the request token: `oauth_token`.
    public static let tokenField = "oauth_token"
    /// The name of the two submit buttons: `action`.
    public static let actionField = "action"
    /// The approve button's value: `approve`.
    public static let approveAction = "approve"
    /// The deny button's value: `deny`.
    public static let denyAction = "deny"
    /// The id of the element that holds the PIN on the out-of-band page: `oauth_pin`.
    public static let pinElementID = "oauth_pin"

    /// The form fields a browser posts when the person approves (or denies) `token`.
    public static func fields(token: String, approve: Bool) -> [FormField] {
        [FormField(tokenField, token), FormField(actionField, approve ? approveAction : denyAction)]
    }

    /// The PIN shown on an out-of-band page, or `nil` when `html` shows none.
    public static func pin(inPage html: String) -> String? {
        guard let start = html.firstRange(of: "id=\"\(pinElementID)\">")?.upperBound else { return nil }
        let pin = html[start...].prefix { $0 != "<" }
        return pin.isEmpty ? nil : String(pin)
    }
}
