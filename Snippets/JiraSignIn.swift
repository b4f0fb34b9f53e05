import Foundation
import OAuth1Client
import OAuth1RSA

/// Jira Data Center over an application link: RSA-SHA1 with the consumer's private key, whose
/// public key the Jira administrator pasted into the link. `oob` shows the verifier to the
/// user, who types it into the app (`askForVerifier`).
func jiraSignIn(jiraURL: URL, consumerKey: String, privateKeyFile: URL, askForVerifier: (URL) async throws -> String) async throws -> OAuth1Response {
    let key = try OAuth1RSAPrivateKey(contentsOf: privateKeyFile)    // PKCS #1 or PKCS #8 PEM
    let client = OAuth1Client(configuration: OAuth1Configuration(provider: .jira(baseURL: jiraURL), consumerKey: consumerKey, privateKey: key))
    let requestToken = try await client.requestToken(callback: nil)              // oob
    let verifier = try await askForVerifier(client.authorizationURL(for: requestToken))
    let accessToken = try await client.accessToken(for: requestToken, verifier: verifier)

    var issue = OAuth1Request(method: "POST", url: jiraURL.appendingPathComponent("rest/api/2/issue"),
                              body: Array(#"{"fields": {"project": {"key": "OPS"}, "summary": "Disk full", "issuetype": {"name": "Task"}}}"#.utf8))
    issue.setHeader("Content-Type", "application/json")
    do {
        return try await client.send(issue, with: accessToken)                  // the JSON body signed through oauth_body_hash
    } catch let error as OAuth1Error where error.code == .signatureInvalid {
        // Jira's oauth_problem=signature_invalid, and its oauth_signature_base_string compared with ours.
        print(error.problemReport?.problem ?? "", error.baseStringDifference?.changedParameters ?? [])
        throw error
    }
}
