// httpsig-benchmarks: HTTP Message Signatures (RFC 9421) signing and verification of a typical
// request, against Python's `http-message-signatures` (hmac-sha256) and against the bare
// primitive over the same signature base (SigningCore's HMAC-SHA256, swift-crypto's Ed25519),
// in one run, plus heap allocations per operation (valgrind, when installed).
//
//   swift build -c release --product httpsig-benchmarks
//   .build/release/httpsig-benchmarks [--seconds S] [--workload NAME[,NAME…]]
//   httpsig-benchmarks --sign-only N [--workload NAME] [--reference]
//       (runs the workload, or its bare reference, N times and exits; for valgrind)
//
// Everything runs in `HTTPSigBenchmark.run()` (HTTPSigBenchmark.swift), a nonisolated async
// function: the verifier is `async`, and awaiting it from the main actor would time a hop to
// the global executor and back with every call. The main thread waits on a semaphore rather
// than running an async main: an async main parks it in `sigsuspend` (libdispatch's main
// queue), which valgrind 3.19 cannot run, and valgrind counts the allocations.
import Dispatch
import Foundation

Task.detached { exit(await HTTPSigBenchmark.run()) }
DispatchSemaphore(value: 0).wait()
