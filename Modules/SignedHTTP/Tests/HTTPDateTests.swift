import Foundation
import SignedHTTP
import SigningCore
import Testing

@Suite("HTTP dates")
struct HTTPDateTests {
    /// RFC 9110 §5.6.7's example, in its three formats.
    @Test("the three formats of RFC 9110 §5.6.7", arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
    ])
    func rfcExample(text: String) {
        #expect(HTTPDate.parse(text) == Date(timeIntervalSince1970: 784_111_777))
    }

    /// Month names are matched without regard to case, as they were before formatting took
    /// them from the same table.
    @Test("month names in any case", arguments: [
        "Sun, 06 NOV 1994 08:49:37 GMT", "Sun, 06 nov 1994 08:49:37 GMT", "Sunday, 06-nOv-94 08:49:37 GMT", "Sun NOV  6 08:49:37 1994",
    ])
    func monthCase(text: String) {
        #expect(HTTPDate.parse(text) == Date(timeIntervalSince1970: 784_111_777))
    }

    @Test("IMF-fixdate is written as RFC 9110 shows it")
    func format() {
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 951_782_400)) == "Tue, 29 Feb 2000 00:00:00 GMT")
    }

    @Test("dates no clock gives are still written, without trapping", arguments: [
        Double.nan, .infinity, -.infinity, 1e300, -1e300, Date.distantFuture.timeIntervalSince1970, Date.distantPast.timeIntervalSince1970,
    ])
    func extremes(interval: Double) {
        let text = HTTPDate.format(Date(timeIntervalSince1970: interval))
        #expect(text.hasSuffix(" GMT"))
        if !interval.isFinite { #expect(text == "Thu, 01 Jan 1970 00:00:00 GMT") }
    }

    @Test("formatting agrees with Foundation's DateFormatter and parses back, over random dates 1900–2200")
    func againstFoundation() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        var random = SplitMix64(seed: 9110)
        for _ in 0..<2_000 {
            let date = Date(timeIntervalSince1970: TimeInterval(Int64.random(in: -2_208_988_800...7_258_118_399, using: &random)))
            let text = HTTPDate.format(date)
            #expect(text == formatter.string(from: date))
            #expect(HTTPDate.parse(text) == date)
        }
    }

    @Test("malformed dates give nil", arguments: [
        "", "yesterday", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
        "Sun, 06 Nov 94 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:49 GMT", "Sun Nov  6 08:49:37",
        String(repeating: "9", count: 10_000),
    ])
    func malformed(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test("Retry-After in seconds or as a date", arguments: [
        ("120", 120.0), ("0", 0), ("Sun, 06 Nov 1994 08:50:07 GMT", 30), ("Sun, 06 Nov 1994 08:40:00 GMT", 0),
        ("99999999999999999999", 999_999_999), ("-5", nil), ("soon", nil), ("", nil),
    ] as [(String, Double?)])
    func retryAfter(value: String, seconds: Double?) {
        let response = APIResponse(statusCode: 503, headers: ["Retry-After": value])
        #expect(response.retryAfter(now: Date(timeIntervalSince1970: 784_111_777)) == seconds)
    }
}
