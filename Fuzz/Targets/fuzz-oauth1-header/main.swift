// The `Authorization: OAuth …` header parser on arbitrary text; round trips: whatever parses
// serialises to a header that parses to the same realm and parameters, and any parameters
// and realm built into a header come back unchanged.
import FuzzSupport
import OAuth1Client
import SigningCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let text = input.restText()
    if let parsed = try? OAuth1AuthorizationHeader.parse(text) {
        let header = OAuth1AuthorizationHeader.serialize(realm: parsed.realm, parameters: parsed.parameters)
        let again = try? OAuth1AuthorizationHeader.parse(header)
        fuzzRequire(again?.realm == parsed.realm && again?.parameters == parsed.parameters, "parse → serialise → parse changed \(text.debugDescription) (\(header))")
    }

    // Built from any realm and parameters (names non-empty, unique and not `realm`: the parser
    // refuses an empty name or a repeated one and reads `realm` apart).
    var fieldInput = FuzzInput(data, size)
    let hasRealm = fieldInput.flag()
    var fields = fieldInput.restFields()
    let realm = hasRealm && !fields.isEmpty ? fields.removeFirst().name : nil
    var seen = Set<String>()
    let parameters = fields.filter { !$0.name.isEmpty && $0.name != "realm" && seen.insert($0.name).inserted }.map { FormField($0.name, $0.value) }
    guard !parameters.isEmpty || realm != nil else { return 0 }
    let header = OAuth1AuthorizationHeader.serialize(realm: realm, parameters: parameters)
    let parsed = try? OAuth1AuthorizationHeader.parse(header)
    fuzzRequire(parsed?.realm == realm && parsed?.parameters == parameters, "serialise → parse changed \(parameters), realm \(realm.debugDescription) (\(header))")
    return 0
}
