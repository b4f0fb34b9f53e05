// HTTP Message Signatures (RFC 9421, RFC 9530) on fuzzed fields: `Signature-Input`,
// `Signature` and `Content-Digest` values, a list of component identifiers, a header the
// components may name, a request target and a body. Read by `HTTPSignatureFields`, the
// signature base built, `HTTPContentDigest.check`, and `HTTPMessageSignatureVerifier` with an
// hmac-sha256 key. Every refusal is an `HTTPMessageSignatureError` (typed throws) with a
// message. Round trips: parsed parameters serialise to a `Signature-Input` member that parses
// back to them, and the base's `@signature-params` line is that member (the input itself
// when it was already strictly serialised); a base has one line per covered component plus
// one; whatever the signer signs (the parsed components, or the listed ones) the verifier
// accepts; a computed `Content-Digest` matches its body.
import Dispatch
import Foundation
import FuzzSupport
import HTTPMessageSignatures
import SignedHTTP

/// The input, split at NUL bytes (so values may hold CR, LF and every other byte):
/// `options`, then Signature-Input, Signature, Content-Digest, component identifiers (split
/// at tabs), an `Example-Dict` value, the request target, the body.
struct Parts {
    var options: UInt8 = 0
    var signatureInput = "", signature = "", contentDigest = "", components = "", exampleDict = "", target = ""
    var body: [UInt8] = []

    init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        var input = FuzzInput(data, size)
        options = input.byte()
        var pieces = input.rest().split(separator: 0, maxSplits: 6, omittingEmptySubsequences: false).map { Array($0) }
        while pieces.count < 7 { pieces.append([]) }
        let text = pieces.prefix(6).map { String(decoding: $0, as: UTF8.self) }
        (signatureInput, signature, contentDigest, components, exampleDict, target) = (text[0], text[1], text[2], text[3], text[4], text[5])
        body = pieces[6]
    }
}

/// What `verifySignature` answered: the verified signature, or the refusal.
final class Answer: @unchecked Sendable {
    var result: Result<HTTPMessageSignatureVerifier.Verified, HTTPMessageSignatureError>?
    let done = DispatchSemaphore(value: 0)
}

/// `verifier.verifySignature(message, …)` on this thread: its key look-up never suspends
/// (known keys), so the task, started immediately, has finished when `Task.immediate` returns
/// (the semaphore only guards against a suspension). A task run elsewhere would free its
/// memory after the input returned, and libFuzzer would then scan for leaks after every input.
func verify(_ message: HTTPMessage, with verifier: HTTPMessageSignatureVerifier, now: Date) -> Result<HTTPMessageSignatureVerifier.Verified, HTTPMessageSignatureError> {
    let answer = Answer()
    Task.immediate {
        do throws(HTTPMessageSignatureError) {
            answer.result = .success(try await verifier.verifySignature(message, requirements: .none, now: now))
        } catch {
            answer.result = .failure(error)
        }
        answer.done.signal()
    }
    answer.done.wait()
    return answer.result!
}

/// A refusal must say what failed.
func requireMessage(_ error: HTTPMessageSignatureError, _ context: String) {
    fuzzRequire(!error.message.isEmpty, "\(context): a refusal (\(error.code)) without a message")
}

/// The key both sides use, the verifier, and the time everything is signed and checked at.
enum Fixture {
    static let key = try! HTTPSignatureHMACKey(secret: Array("fuzz-secret-0123456789abcdef0123".utf8))
    static let verifier = HTTPMessageSignatureVerifier(keys: ["test-key": key], maximumAge: .seconds(300))
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let parts = Parts(data, size)
    let options = parts.options
    let method = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "get", "BREW"][Int(options & 7)]
    let url = URL(string: "https://example.com" + (parts.target.hasPrefix("/") ? parts.target : "/" + parts.target))
        ?? URL(string: "https://example.com/foo?param=Value&Pet=dog")!
    var headers: HeaderFields = ["Host": "example.com", "Content-Type": "application/json"]
    if options & 8 != 0 { headers.append("Example-Dict", parts.exampleDict) }
    if options & 16 != 0 { headers.append(HTTPContentDigest.fieldName, parts.contentDigest) }
    var unsigned = HTTPMessage.request(HTTPMessageRequest(method: method, url: url, headers: headers, body: parts.body))
    if options & 32 != 0 { unsigned = .response(HTTPMessageResponse(status: 200, headers: headers, body: parts.body, request: unsigned.request)) }
    var signedHeaders = headers
    signedHeaders.append(HTTPSignatureFields.inputName, parts.signatureInput)
    signedHeaders.append(HTTPSignatureFields.signatureName, parts.signature)
    if options & 64 != 0 { signedHeaders.append(HTTPSignatureFields.inputName, parts.exampleDict) }
    var message = unsigned
    message.headers = signedHeaders

    // Content-Digest as received, and as computed.
    do throws(HTTPMessageSignatureError) {
        _ = try HTTPContentDigest.check(headers, body: parts.body)
    } catch {
        requireMessage(error, "Content-Digest \(parts.contentDigest.debugDescription)")
    }
    for algorithm in HTTPContentDigest.Algorithm.allCases {
        let computed: HeaderFields = [HTTPContentDigest.fieldName: HTTPContentDigest.value(for: parts.body, algorithm: algorithm)]
        fuzzRequire((try? HTTPContentDigest.check(computed, body: parts.body)) == [algorithm], "a computed \(algorithm.rawValue) Content-Digest does not match its body")
    }

    // The fields as received, each signature's parameters and base.
    var parsed: [HTTPReceivedSignature] = []
    do throws(HTTPMessageSignatureError) {
        parsed = try HTTPSignatureFields.signatures(in: signedHeaders)
    } catch {
        requireMessage(error, "Signature-Input \(parts.signatureInput.debugDescription)")
    }
    for signature in parsed {
        checkRoundTrip(signature, input: options & 64 == 0 ? parts.signatureInput : nil)
        checkBase(signature.parameters, message: unsigned)
    }

    // The verifier on the message as received (a fuzzed signature: refused, with a reason).
    if case .failure(let error) = verify(message, with: Fixture.verifier, now: Fixture.now) {
        requireMessage(error, "verifying \(parts.signatureInput.debugDescription)")
    }

    // The listed components, alone and as a signature's.
    var listed: [HTTPSignatureComponent] = []
    for identifier in parts.components.split(separator: "\t").prefix(16) {
        do throws(HTTPMessageSignatureError) {
            let component = try HTTPSignatureComponent(parsing: String(identifier))
            let again = try? HTTPSignatureComponent(parsing: component.description)
            fuzzRequire(again == nil || again == component, "\(identifier.debugDescription) prints as \(component.description), which reads back as another component")
            listed.append(component)
        } catch {
            requireMessage(error, "component \(identifier.debugDescription)")
        }
    }
    checkBase(HTTPSignatureParameters(components: listed, created: 1_700_000_000, keyID: "test-key"), message: unsigned)

    // Sign → verify, with the listed components and with the first parsed signature's.
    checkSignAndVerify(unsigned, components: listed, nonce: options & 128 == 0 ? nil : "n-\(options)")
    if let first = parsed.first {
        checkSignAndVerify(unsigned, components: first.parameters.components, nonce: first.parameters.nonce, tag: first.parameters.tag)
    }
    return 0
}

/// Parsed parameters serialise to a member that parses back to them; a single member already
/// strictly serialised comes back byte for byte.
func checkRoundTrip(_ signature: HTTPReceivedSignature, input: String?) {
    guard let value = try? HTTPSignatureFields.inputValue(label: signature.label, parameters: signature.parameters) else {
        // The writer refuses labels over 64 characters, which the parser reads.
        fuzzRequire(signature.label.utf8.count > 64, "parsed parameters of \(signature.label) cannot be serialised")
        return
    }
    let headers: HeaderFields = [
        HTTPSignatureFields.inputName: value,
        HTTPSignatureFields.signatureName: (try? HTTPSignatureFields.signatureValue(label: signature.label, signature: signature.signature)) ?? "",
    ]
    let again = try? HTTPSignatureFields.signatures(in: headers)
    fuzzRequire(again?.count == 1 && again?.first == signature, "\(value.debugDescription) does not parse back to the signature it was serialised from")
    if let input, !input.contains(","), input == input.trimmingCharacters(in: .whitespaces), input.utf8.count == value.utf8.count {
        fuzzRequire(input == value, "the strictly serialised member \(input.debugDescription) re-serialises as \(value.debugDescription)")
    }
}

/// A base, when it can be built: one line per covered component and the
/// `@signature-params` line, which is the parameters' serialisation; printable ASCII.
func checkBase(_ parameters: HTTPSignatureParameters, message: HTTPMessage) {
    let base: HTTPSignatureBase
    do throws(HTTPMessageSignatureError) {
        base = try HTTPSignatureBase(parameters: parameters, message: message)
    } catch {
        requireMessage(error, "the base of \(parameters.components)")
        return
    }
    let lines = base.text.split(separator: "\n", omittingEmptySubsequences: false)
    fuzzRequire(lines.count == parameters.components.count + 1, "a base of \(parameters.components.count) components has \(lines.count) lines: \(base.text.debugDescription)")
    fuzzRequire(base.text.utf8.allSatisfy { $0 == 0x0A || $0 == 0x09 || (0x20...0x7E).contains($0) }, "the base holds a byte that is not printable ASCII: \(base.text.debugDescription)")
    let serialized = try? parameters.serialized()
    fuzzRequire(serialized.map { lines.last == "\"@signature-params\": " + $0 } ?? false, "the base's last line \(String(lines.last ?? "").debugDescription) is not the parameters' serialisation")
}

/// What the signer signs over `components`, the verifier accepts.
func checkSignAndVerify(_ message: HTTPMessage, components: [HTTPSignatureComponent], nonce: String?, tag: String? = nil) {
    let nonceSource: (@Sendable () -> String)? = nonce.map { value in { @Sendable in value } }
    let signer = HTTPMessageSigner(key: Fixture.key, keyID: "test-key", components: components, tag: tag, nonce: nonceSource)
    let signed: HTTPMessage
    do throws(HTTPMessageSignatureError) {
        signed = try signer.sign(message, at: Fixture.now)
    } catch {
        requireMessage(error, "signing over \(components)")
        return
    }
    if case .failure(let error) = verify(signed, with: Fixture.verifier, now: Fixture.now) {
        fuzzRequire(false, "a message signed over \(components) does not verify: \(error.code): \(error.message) (base \(error.serverSignatureBase.debugDescription))")
    }
}

extension HTTPMessage {
    /// The request itself, or the one a response answers.
    var request: HTTPMessageRequest? {
        switch self {
        case .request(let request): request
        case .response(let response): response.request
        }
    }
}
