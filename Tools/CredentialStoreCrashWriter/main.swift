// credential-store-crash-writer DIRECTORY ACCOUNTS [WRITER]
//
// Saves OAuth1Token values (OAuth1Client's access token, as apps store it) for ACCOUNTS accounts of the service "crash.test" in a
// FileStore at DIRECTORY, round after round, until it is killed. CredentialStoreTests kills it
// with SIGKILL at random instants and checks that every file still holds one whole credential.
//
// Generation g of account a is: token "key-<a>-<g>", secret "secret-<g>-" followed by
// 512 + (g mod 7) × 1024 copies of the letter (g mod 26), additional fields generation=g,
// writer=WRITER. The length changes from one generation to the next, so a torn write cannot look
// whole. Each run continues from the highest generation found on disk, so generations only
// grow, and prints "ready" once its first round is saved.

import CredentialStore
import Foundation
import OAuth1Client

let service = "crash.test"
let arguments = CommandLine.arguments
guard arguments.count >= 3, let accountCount = Int(arguments[2]), accountCount > 0 else {
    FileHandle.standardError.write(Data("usage: credential-store-crash-writer DIRECTORY ACCOUNTS [WRITER]\n".utf8))
    exit(64)
}
let writer = arguments.count > 3 ? arguments[3] : "writer"
let store = FileStore(directory: URL(fileURLWithPath: arguments[1], isDirectory: true))
let accounts = (0..<accountCount).map { "account-\($0)-é" }

func credential(account: String, generation: Int) -> OAuth1Token {
    let letter = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(generation % 26)))
    return OAuth1Token(
        token: "key-\(account)-\(generation)",
        secret: "secret-\(generation)-" + String(repeating: letter, count: 512 + (generation % 7) * 1024),
        additionalFields: [FormField("generation", String(generation)), FormField("writer", writer)]
    )
}

do {
    var generation = 0
    for account in accounts {
        if let stored = try await store.load(OAuth1Token.self, service: service, account: account),
           let storedGeneration = stored[field: "generation"].flatMap(Int.init) {
            generation = max(generation, storedGeneration)
        }
    }
    var announced = false
    while true {
        generation += 1
        for account in accounts {
            try await store.save(credential(account: account, generation: generation), service: service, account: account)
        }
        if !announced {
            FileHandle.standardOutput.write(Data("ready\n".utf8))
            announced = true
        }
    }
} catch {
    FileHandle.standardError.write(Data("credential-store-crash-writer: \(error)\n".utf8))
    exit(1)
}
