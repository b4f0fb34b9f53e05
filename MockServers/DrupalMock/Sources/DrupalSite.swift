import DrupalServicesClient
import Foundation
import SigningCore

/// The mutable state of one running mock site: sessions, used nonces and nodes, all bounded.
actor DrupalSite {
    /// The most sessions, remembered nonces and nodes kept.
    static let sessionCapacity = 20_000
    static let nodeCapacity = 10_000

    /// What a session holds: its user (0 for anonymous).
    struct Session: Sendable {
        var uid: Int
    }

    private let options: DrupalMockOptions
    private var sessions = ExpiringTable<String, Session>(capacity: DrupalSite.sessionCapacity)
    private var nodes: [Int: DrupalMockNode]
    private var nextNid: Int

    init(options: DrupalMockOptions) {
        self.options = options
        nodes = Dictionary(uniqueKeysWithValues: DrupalSiteContent.nodes.map { ($0.nid, $0) })
        nextNid = (nodes.keys.max() ?? 0) + 1
    }

    // MARK: Nonces

    // MARK: Sessions

    /// The live session `sessid`, its life extended; `nil` for an unknown or expired one.
    func session(_ sessid: String, now: Date) -> Session? {
        guard !sessid.isEmpty, let session = sessions.value(sessid, now: now) else { return nil }
        sessions.touch(sessid, until: deadline(from: now), now: now)
        return session
    }

    /// The account `uid`; `nil` for anonymous (0).
    func account(_ uid: Int) -> DrupalSiteAccount? {
        DrupalSiteContent.users.first { $0.uid == uid }
    }

    /// Starts a session for `uid` (0: anonymous) under the new id `sessid`.
    func startSession(_ sessid: String, uid: Int, now: Date) {
        sessions.set(sessid, Session(uid: uid), until: deadline(from: now), now: now)
    }

    /// Ends session `sessid`.
    func endSession(_ sessid: String) {
        sessions.remove(sessid)
    }

    private func deadline(from now: Date) -> Date {
        now.addingTimeInterval(TimeInterval(options.sessionLifetimeSeconds))
    }

    // MARK: Accounts

    /// The account `name` with `password`, compared in constant time.
    func authenticate(name: String, password: String) -> DrupalSiteAccount? {
        guard let user = DrupalSiteContent.users.first(where: { $0.name == name }) else { return nil }
        return ConstantTime.isEqual(user.password, password) ? user : nil
    }

    // MARK: Nodes

    func node(_ nid: Int) -> DrupalMockNode? { nodes[nid] }

    /// Stores `node` under its nid, or under a new one when it has none; `nil` when the site
    /// is full.
    func save(_ node: DrupalMockNode, isNew: Bool) -> Int? {
        var node = node
        if isNew {
            guard nodes.count < Self.nodeCapacity else { return nil }
            node.fields["nid"] = .string(String(nextNid))
            node.fields["vid"] = .string(String(nextNid))
            nextNid += 1
        }
        nodes[node.nid] = node
        return node.nid
    }

    func deleteNode(_ nid: Int) {
        nodes[nid] = nil
    }
}
