import DrupalServicesClient
import Foundation

/// A node of the mock site, held as Drupal's node object: every scalar value a string.
struct DrupalMockNode: Sendable {
    var fields: [String: JSONValue]

    var nid: Int { fields["nid"]?.intValue ?? 0 }
    var uid: Int { fields["uid"]?.intValue ?? 0 }
    var isPublished: Bool { fields["status"]?.stringValue == "1" }

    /// A new node from the site's seed or from `node.save`.
    init(nid: Int, type: String, title: String, body: String, author: DrupalSiteAccount, created: Int, published: Bool = true,
         taxonomy: JSONValue = [], language: String = "") {
        let teaser = body.count > 600 ? String(body.prefix(600)) : body
        fields = [
            "nid": .string(String(nid)), "vid": .string(String(nid)), "type": .string(type), "language": .string(language),
            "title": .string(title), "uid": .string(String(author.uid)), "status": published ? "1" : "0",
            "created": .string(String(created)), "changed": .string(String(created)), "comment": "2", "promote": type == "story" ? "1" : "0",
            "moderate": "0", "sticky": "0", "tnid": "0", "translate": "0", "revision_uid": .string(String(author.uid)),
            "body": .string(body), "teaser": .string(teaser), "log": "", "revision_timestamp": .string(String(created)),
            "format": "1", "name": .string(author.name), "picture": "", "data": "a:0:{}",
            "last_comment_timestamp": .string(String(created)), "last_comment_name": .null, "comment_count": "0",
            "taxonomy": taxonomy, "files": [],
        ]
    }

    /// The fields `node.save` may set, read PHP-style: scalars become strings (`true` → `1`).
    static let editableFields: Set<String> = ["type", "title", "body", "teaser", "status", "promote", "sticky", "comment", "format", "language", "log", "taxonomy"]

    /// The node object `node.get` returns: every field, or only `names` (those that exist).
    func object(only names: [String]?) -> JSONValue {
        guard let names else { return .object(fields) }
        return .object(fields.filter { names.contains($0.key) })
    }
}
