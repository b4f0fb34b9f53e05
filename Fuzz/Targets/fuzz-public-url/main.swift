// How a verifier rebuilds the URL the client signed (PublicURLPolicy), on arbitrary Host,
// Forwarded and X-Forwarded-* headers, request targets and peer addresses. What it gives must
// be a URL a signature can be checked against (http or https, with a host), and headers from a
// peer that is not a trusted proxy must never change it: anyone can send them.
import Foundation
import FuzzSupport
import SignedVerification

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let options = input.byte()
    let lines = input.restText().split(separator: "\n", maxSplits: 6, omittingEmptySubsequences: false).map(String.init)
    func line(_ index: Int) -> String? { index < lines.count ? lines[index] : nil }
    var headers = HeaderFields()
    for (index, name) in ["Host", "Forwarded", "X-Forwarded-Proto", "X-Forwarded-Host", "X-Forwarded-Port"].enumerated() {
        if let value = line(index + 1), !value.isEmpty { headers.append(name, value) }
    }
    let trusted = "10.0.0.2"
    let remote = options & 1 == 0 ? trusted : (line(6) ?? "192.0.2.9")
    let request = ReceivedRequest(method: "GET", target: line(0) ?? "/", headers: headers, scheme: options & 2 == 0 ? "http" : "https", remoteAddress: remote)
    let direct = PublicURLPolicy.request.resolve(request)
    for policy in [PublicURLPolicy.request, .trustedProxies([trusted]), .fixed(URL(string: "https://api.example.com:8443/v1")!)] {
        guard let resolved = policy.resolve(request) else { continue }
        let scheme = resolved.url.scheme?.lowercased()
        fuzzRequire(scheme == "http" || scheme == "https", "\(policy) gave the scheme \(scheme ?? "nil") for \(lines)")
        fuzzRequire(resolved.url.host?.isEmpty == false, "\(policy) gave no host for \(lines)")
        if case .trustedProxies = policy, remote != trusted {
            fuzzRequire(resolved.url == direct?.url, "forwarding headers from the untrusted peer \(remote.debugDescription) changed the URL to \(resolved.url)")
        }
    }
    return 0
}
