public import MockServerKit

/// How ``GoogleBooksMockProvider`` behaves: its options, set through the Swift API
/// (`GoogleBooksMockOptions(requiresKey: true)`) or decoded from the JSON `options` object of a
/// `mock-servers` config entry. Each option is declared once, in ``declarations``; the README's
/// table is rendered from them.
public struct GoogleBooksMockOptions: MockProviderOptions, Hashable {
    /// How many volumes the catalogue holds.
    public var catalogueSize = 5000
    /// The seed the catalogue is generated from; one seed always gives the same catalogue.
    public var seed = 2011
    /// Whether every request must carry the demo `key` (Google's "API key required" projects).
    public var requiresKey = false
    /// The most requests in any 60 seconds of the server's clock; `nil` for no limit.
    public var rateLimitPerMinute: Int?
    /// Whether `totalItems` shifts slightly with `startIndex`, as Google's estimate does.
    public var shiftingTotals = false

    /// The options: a contract of the `mock-servers` config file. A seed is at most what a
    /// JSON number holds exactly.
    public static let declarations: [MockOption<Self>] = [
        MockOption("catalogueSize", \.catalogueSize, .integer(in: 1...50_000), "how many volumes the catalogue holds"),
        MockOption("seed", \.seed, .integer(in: 0...9_007_199_254_740_991), "the catalogue's seed: the same seed, the same volumes"),
        MockOption("requiresKey", \.requiresKey, .boolean, "requests must carry `key=` the `apiKey` credential (403 without, 400 `keyInvalid` for another)"),
        MockOption("rateLimitPerMinute", \.rateLimitPerMinute, .integer(in: 1...100_000, none: "no limit"),
                   "requests in any 60 s of the server's clock before 429 `rateLimitExceeded`"),
        MockOption("shiftingTotals", \.shiftingTotals, .boolean,
                   "`totalItems` moves by up to 2% from page to page, as Google's estimate does (the items stay put)"),
    ]

    /// Creates options; every argument has its default.
    public init(
        catalogueSize: Int = Self.defaults.catalogueSize,
        seed: Int = Self.defaults.seed,
        requiresKey: Bool = Self.defaults.requiresKey,
        rateLimitPerMinute: Int? = Self.defaults.rateLimitPerMinute,
        shiftingTotals: Bool = Self.defaults.shiftingTotals
    ) {
        self.catalogueSize = catalogueSize
        self.seed = seed
        self.requiresKey = requiresKey
        self.rateLimitPerMinute = rateLimitPerMinute
        self.shiftingTotals = shiftingTotals
    }

    /// The defaults.
    public init() {}
}
