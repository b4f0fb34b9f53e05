import AFSignedClient
import ArgumentParser
import Foundation
@testable import SignedAPI
import Testing
import TestSupport

/// `signed-api afsigned sign` and `verify`: the JSON contract, a round trip, and a refusal
/// that says why.
@Suite("signed-api afsigned", .heavy)
struct AFSignedCommandTests {
    static let client = ["--client-id", "CLIENT_ID", "--client-secret", "CLIENT_SECRET"]

    @Test("sign --output json: string_to_sign and every parameter to send, auth ones included, in sending order")
    func signJSON() throws {
        let command = try #require(try SignedAPI.parseAsRoot(["afsigned", "sign", "--method", "POST", "--path", "/users", "--timestamp", "1273231888", "--param", "site_id=10", "--output", "json"] + Self.client) as? AFSignedSignCommand)
        let signed = try command.signed()
        // PHP 8.2 with the reference backend's verifier: hash_hmac('sha256', "POST\n/users\nsite_id=10", 'CLIENT_SECRET').
        #expect(signed.stringToSign == "POST\n/users\nsite_id=10")
        #expect(signed.signature == "e601514d81135e70a32e9516c1c1df465827adc821a1709bdf1f24aafa4380d5")
        #expect(signed.parameters == [
            ["site_id", "10"], ["auth_version", "2"], ["auth_client_id", "CLIENT_ID"], ["auth_timestamp", "1273231888"],
            ["auth_signature", "e601514d81135e70a32e9516c1c1df465827adc821a1709bdf1f24aafa4380d5"],
        ])
        #expect(signed.placement == "body")
        let json = String(decoding: try JSONEncoder().encode(signed), as: UTF8.self)
        #expect(json.contains(#""string_to_sign""#) && !json.contains("CLIENT_SECRET"))
    }

    @Test("what sign prints, verify accepts; one changed value and it says why, with the string it signed")
    func roundTrip() async throws {
        let now = "1700000000"
        let sign = try #require(try SignedAPI.parseAsRoot(["afsigned", "sign", "--path", "/users", "--timestamp", now, "--param", "tags[]=a b", "--param", "q=100%"] + Self.client) as? AFSignedSignCommand)
        let parameters = try sign.signed().parameters.flatMap { ["--param", "\($0[0])=\($0[1])"] }
        let verify = try #require(try SignedAPI.parseAsRoot(["afsigned", "verify", "--path", "/users", "--now", now] + Self.client + parameters) as? AFSignedVerifyCommand)
        let good = try await verify.verdict()
        #expect(good.verified, "\(good.lines)")
        #expect(good.lines == ["verifies: signed by CLIENT_ID at 1700000000"])

        let tampered = parameters.map { $0 == "q=100%" ? "q=200%" : $0 }
        let bad = try #require(try SignedAPI.parseAsRoot(["afsigned", "verify", "--path", "/users", "--now", now] + Self.client + tampered) as? AFSignedVerifyCommand)
        let refused = try await bad.verdict()
        #expect(!refused.verified)
        #expect(refused.lines.first == "does not verify: Incorrect auth signature")
        #expect(refused.lines.last == #"string to sign: "GET\n/users\nq=200%&tags[]=a b""#)

        let stale = try #require(try SignedAPI.parseAsRoot(["afsigned", "verify", "--path", "/users", "--now", "1800000000"] + Self.client + parameters) as? AFSignedVerifyCommand)
        #expect(try await stale.verdict().lines.first == "does not verify: Incorrect auth timestamp")
    }

    @Test("version 4 signs into headers, which verify takes back")
    func version4() async throws {
        let sign = try #require(try SignedAPI.parseAsRoot(["afsigned", "sign", "--auth-version", "4", "--path", "/users", "--timestamp", "1700000000", "--param", "a=1", "--nonce", "n"] + Self.client) as? AFSignedSignCommand)
        let signed = try sign.signed()
        #expect(signed.headers.map { $0[0] } == ["X-Auth-Version", "X-Auth-Client-ID", "X-Auth-Timestamp", "X-Auth-Nonce", "X-Auth-Signature"])
        let headers = signed.headers.flatMap { ["--header", "\($0[0])=\($0[1])"] }
        let verify = try #require(try SignedAPI.parseAsRoot(["afsigned", "verify", "--auth-version", "4", "--path", "/users", "--now", "1700000000", "--param", "a=1"] + Self.client + headers) as? AFSignedVerifyCommand)
        #expect(try await verify.verdict().verified)
    }

    @Test("bad arguments are refused with what to do", arguments: [
        (["sign", "--path", "users"], "--path must start with /"),
        (["sign", "--path", "/u", "--method", "G E T"], "--method must be an HTTP method"),
        (["sign", "--path", "/u", "--param", "novalue"], "novalue"),
        (["sign", "--path", "/u", "--auth-version", "3"], "'3' is invalid"),
    ])
    func rejected(arguments: [String], message: String) {
        do {
            _ = try SignedAPI.parseAsRoot(["afsigned"] + arguments + Self.client)
            Issue.record("\(arguments) was accepted")
        } catch {
            #expect(SignedAPI.message(for: error).contains(message), "\(SignedAPI.message(for: error))")
        }
    }
}
