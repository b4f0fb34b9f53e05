public import Foundation

/// A Drupal node as `node.get` returns it and `node.save` takes it. Every member is optional:
/// `node.get` with a field list returns only those fields. Drupal's string-typed numbers,
/// flags and times are decoded into `Int`, `Bool` and `Date`; members this type does not model
/// (`taxonomy`, `files`, CCK fields, …) are kept in ``otherFields`` and sent back on save.
///
/// ```swift
/// var story = DrupalNode(type: "story", title: "Hello", body: "From the app")
/// story.nid = try await client.saveNode(story)
/// ```
public struct DrupalNode: Sendable, Hashable, Codable {
    /// The node id; `nil` for a node not saved yet.
    public var nid: Int?
    /// The revision id.
    public var vid: Int?
    /// The content type (`story`, `page`, …).
    public var type: String?
    /// The language code (empty for language neutral).
    public var language: String?
    /// The author's user id.
    public var uid: Int?
    /// The author's name.
    public var name: String?
    /// Whether the node is published.
    public var status: Bool?
    /// When it was created.
    public var created: Date?
    /// When it last changed.
    public var changed: Date?
    /// Comment setting: 0 disabled, 1 read only, 2 read/write.
    public var comment: Int?
    /// Whether it is promoted to the front page.
    public var promote: Bool?
    /// Whether it sticks at the top of lists.
    public var sticky: Bool?
    /// The title.
    public var title: String?
    /// The body.
    public var body: String?
    /// The teaser.
    public var teaser: String?
    /// The input format id.
    public var format: Int?
    /// Every other member, as sent.
    public var otherFields: [String: JSONValue]

    /// Creates a node.
    public init(nid: Int? = nil, type: String? = nil, title: String? = nil, body: String? = nil, status: Bool? = nil,
                otherFields: [String: JSONValue] = [:]) {
        self.nid = nid
        self.type = type
        self.title = title
        self.body = body
        self.status = status
        self.otherFields = otherFields
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case nid, vid, type, language, uid, name, status, created, changed, comment, promote, sticky, title, body, teaser, format
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        nid = try container.decodeDrupalInt(forKey: .nid)
        vid = try container.decodeDrupalInt(forKey: .vid)
        type = try container.decodeDrupalString(forKey: .type)
        language = try container.decodeDrupalString(forKey: .language)
        uid = try container.decodeDrupalInt(forKey: .uid)
        name = try container.decodeDrupalString(forKey: .name)
        status = try container.decodeDrupalBool(forKey: .status)
        created = try container.decodeDrupalDate(forKey: .created)
        changed = try container.decodeDrupalDate(forKey: .changed)
        comment = try container.decodeDrupalInt(forKey: .comment)
        promote = try container.decodeDrupalBool(forKey: .promote)
        sticky = try container.decodeDrupalBool(forKey: .sticky)
        title = try container.decodeDrupalString(forKey: .title)
        body = try container.decodeDrupalString(forKey: .body)
        teaser = try container.decodeDrupalString(forKey: .teaser)
        format = try container.decodeDrupalInt(forKey: .format)
        let all = try decoder.container(keyedBy: AnyKey.self)
        let modelled = Set(CodingKeys.allCases.map(\.rawValue))
        var others: [String: JSONValue] = [:]
        for key in all.allKeys where !modelled.contains(key.stringValue) {
            others[key.stringValue] = try all.decode(JSONValue.self, forKey: key)
        }
        otherFields = others
    }

    /// Writes the node as Drupal writes it: numbers, flags and times as strings.
    public func encode(to encoder: any Encoder) throws {
        var all = encoder.container(keyedBy: AnyKey.self)
        for (name, value) in otherFields where CodingKeys(rawValue: name) == nil {
            try all.encode(value, forKey: AnyKey(stringValue: name))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        func text(_ number: Int?) -> String? { number.map(String.init) }
        func flag(_ value: Bool?) -> String? { value.map { $0 ? "1" : "0" } }
        func time(_ date: Date?) -> String? { date.map { String(Int($0.timeIntervalSince1970)) } }
        try container.encodeIfPresent(text(nid), forKey: .nid)
        try container.encodeIfPresent(text(vid), forKey: .vid)
        try container.encodeIfPresent(type, forKey: .type)
        try container.encodeIfPresent(language, forKey: .language)
        try container.encodeIfPresent(text(uid), forKey: .uid)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(flag(status), forKey: .status)
        try container.encodeIfPresent(time(created), forKey: .created)
        try container.encodeIfPresent(time(changed), forKey: .changed)
        try container.encodeIfPresent(text(comment), forKey: .comment)
        try container.encodeIfPresent(flag(promote), forKey: .promote)
        try container.encodeIfPresent(flag(sticky), forKey: .sticky)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(body, forKey: .body)
        try container.encodeIfPresent(teaser, forKey: .teaser)
        try container.encodeIfPresent(text(format), forKey: .format)
    }
}
