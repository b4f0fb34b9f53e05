public import MockServerKit

/// How ``GoogleBooksMockProvider`` behaves: its options, set through the Swift API
/// (`GoogleBooksMockOptions(requiresKey: true)`) or decoded from the JSON `options` object of a
/// `mock-servers` config entry, where each value may be a JSON string, number or boolean:
///
/// | option | type | default | range | what it does |
/// |---|---|---|---|---|
/// | `catalogueSize` | integer | 5000 | 1...50000 | how many volumes the mock holds |
/// | `seed` | integer | 2011 | 0...9007199254740991 | the catalogue's seed: the same seed, the same volumes |
/// | `requiresKey` | boolean | false | | a `key` is required (403 without, 400 `keyInvalid` for another) |
/// | `rateLimitPerMinute` | integer | none | 1...100000 | requests per rolling minute before 429 `rateLimitExceeded` |
/// | `shiftingTotals` | boolean | false | | `totalItems` varies a little from page to page, as Google's does |
public struct GoogleBooksMockOptions: MockProviderOptions, Hashable {
    /// How many volumes the catalogue holds.
    public var catalogueSize: Int
    /// The seed the catalogue is generated from; one seed always gives the same catalogue.
    public var seed: Int
    /// Whether every request must carry the demo `key` (Google's "API key required" projects).
    public var requiresKey: Bool
    /// The most requests in any 60 seconds of the server's clock; `nil` for no limit.
    public var rateLimitPerMinute: Int?
    /// Whether `totalItems` shifts slightly with `startIndex`, as Google's estimate does.
    public var shiftingTotals: Bool

    /// The accepted `catalogueSize`.
    public static let catalogueSizeRange = 1...50_000
    /// The accepted `seed`: what a JSON number holds exactly.
    public static let seedRange = 0...9_007_199_254_740_991
    /// The accepted `rateLimitPerMinute`.
    public static let rateLimitRange = 1...100_000

    /// Creates options; every argument has its default.
    public init(
        catalogueSize: Int = 5000,
        seed: Int = 2011,
        requiresKey: Bool = false,
        rateLimitPerMinute: Int? = nil,
        shiftingTotals: Bool = false
    ) {
        self.catalogueSize = catalogueSize
        self.seed = seed
        self.requiresKey = requiresKey
        self.rateLimitPerMinute = rateLimitPerMinute
        self.shiftingTotals = shiftingTotals
    }

    /// The defaults.
    public init() {
        self.init(catalogueSize: 5000)
    }

    /// The option names: a contract of the `mock-servers` config file.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case catalogueSize, seed, requiresKey, rateLimitPerMinute, shiftingTotals
    }

    /// Decodes the options present, keeping the default for each absent one.
    ///
    /// - Throws: `MockServerError` for an unknown name or a value of the wrong
    ///   kind (ranges are checked by ``validate()``).
    public init(from decoder: any Decoder) throws {
        let options = try MockOptionsReader(decoder, keys: CodingKeys.self)
        self.init()
        catalogueSize = try options.integer(.catalogueSize) ?? catalogueSize
        seed = try options.integer(.seed) ?? seed
        requiresKey = try options.boolean(.requiresKey) ?? requiresKey
        rateLimitPerMinute = try options.integer(.rateLimitPerMinute) ?? rateLimitPerMinute
        shiftingTotals = try options.boolean(.shiftingTotals) ?? shiftingTotals
    }

    /// Encodes every option (`rateLimitPerMinute` only when set).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(catalogueSize, forKey: .catalogueSize)
        try container.encode(seed, forKey: .seed)
        try container.encode(requiresKey, forKey: .requiresKey)
        try container.encodeIfPresent(rateLimitPerMinute, forKey: .rateLimitPerMinute)
        try container.encode(shiftingTotals, forKey: .shiftingTotals)
    }

    /// Checks the ranges in the table above.
    public func validate() throws(MockServerError) {
        try Self.require(catalogueSize, in: Self.catalogueSizeRange, CodingKeys.catalogueSize)
        try Self.require(seed, in: Self.seedRange, CodingKeys.seed)
        if let rateLimitPerMinute {
            try Self.require(rateLimitPerMinute, in: Self.rateLimitRange, CodingKeys.rateLimitPerMinute)
        }
    }
}
