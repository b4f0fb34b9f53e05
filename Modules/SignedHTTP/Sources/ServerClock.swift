public import Foundation

/// The server's clock as seen from this device: the offset between the two, learned from the
/// `Date` header of any response.
///
/// Signed requests carry a timestamp the server checks against its own clock (OAuth
/// providers answer "timestamp out of bounds", Drupal "Token has expired."), and phones' clocks
/// are often minutes off. A ``SignedHTTPClient`` records every response here; signers that are
/// configured to correct for skew sign with ``now()`` instead of the device's time.
public actor ServerClock {
    /// Server time minus device time, in seconds; `nil` until a response with a valid `Date`
    /// header has been seen.
    public private(set) var offset: TimeInterval?
    private let deviceClock: @Sendable () -> Date

    /// A clock that reads the device's time from `deviceClock` (the system clock by default).
    public init(deviceClock: @escaping @Sendable () -> Date = { Date() }) {
        self.deviceClock = deviceClock
    }

    /// The server's current time: the device's time plus the known offset.
    public func now() -> Date {
        deviceClock().addingTimeInterval(offset ?? 0)
    }

    /// Learns the offset from `response`'s `Date` header, if it has one. The header has a
    /// resolution of one second and was written between `sent` and `received` (device times),
    /// so the estimate compares the middle of the second it names with the middle of that span.
    public func record(_ response: APIResponse, sent: Date, received: Date) {
        guard let serverDate = response.date else { return }
        let deviceMiddle = sent.addingTimeInterval(received.timeIntervalSince(sent) / 2)
        offset = serverDate.addingTimeInterval(0.5).timeIntervalSince(deviceMiddle)
    }

    /// Sets the offset directly (for example one saved from an earlier launch); `nil` forgets it.
    public func setOffset(_ offset: TimeInterval?) {
        self.offset = offset
    }
}
