import SigningCore

extension Array where Element == FormField {
    /// The first name that an earlier field already has, or `nil` when every name is
    /// different: how the header parser and ``OAuth1IncomingRequest`` refuse a repeated
    /// protocol parameter.
    ///
    /// A request carries about ten protocol parameters, for which comparing each name with the
    /// ones before it costs a fraction of hashing them into a set; a hostile list of thousands
    /// (a 64 KiB header) is checked through a set, so the cost stays linear.
    func firstRepeatedName() -> String? {
        if count <= 32 {
            for index in indices.dropFirst() {
                let name = self[index].name
                if self[..<index].contains(where: { $0.name == name }) { return name }
            }
            return nil
        }
        var seen = Set<String>(minimumCapacity: count)
        return first { !seen.insert($0.name).inserted }?.name
    }
}
