#if MockServers  // without the trait, Server/TraitCheck.swift's #error is the one message
import HTTPTypes
public import SignedVerification

extension MockRequest {
    /// This request as the SDK's verifiers read it (`OAuth1Verifier`, `AFSignedVerifier`,
    /// `DrupalKeyVerifier`): the target as sent, every header with `Host` from the authority
    /// (HTTP types keep it apart), the body. The mock serves plain HTTP, so its scheme is `http`.
    public var received: ReceivedRequest {
        var fields = HeaderFields()
        if let authority { fields.append("Host", authority) }
        for field in headers { fields.append(field.name.rawName, field.value) }
        return ReceivedRequest(method: method.rawValue, target: path + (query.map { "?" + $0 } ?? ""), headers: fields, body: bodyBytes)
    }
}
#endif
