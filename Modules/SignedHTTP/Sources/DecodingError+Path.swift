extension DecodingError {
    /// `where: what` for an error message: the member path from `root` (`result.user.uid`,
    /// `items[3].volumeInfo.pageCount`) and what was wrong there. Every client names a wrong
    /// member this way.
    public func pathAndReason(root: String = "") -> String {
        let context: Context? = switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context): context
        @unknown default: nil
        }
        guard let context else { return "\(self)" }
        var path = root + context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        if case .keyNotFound(let key, _) = self { path += ".\(key.stringValue)" }
        if path.hasPrefix(".") { path.removeFirst() }
        let reason: String = switch self {
        case .keyNotFound: "missing"
        default: context.debugDescription
        }
        return "\(path.isEmpty ? "the top level" : path): \(reason)"
    }
}
