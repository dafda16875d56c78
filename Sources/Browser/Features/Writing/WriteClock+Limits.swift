public import Foundation
public import StackExchange
public import StorePorts

extension WriteLimit {
    /// The limits `/me/write-permissions` gives for one kind of write.
    public init(_ permission: WritePermission) {
        self.init(maxDailyActions: permission.maxDailyActions, minSecondsBetweenActions: permission.minSecondsBetweenActions)
    }

    /// The limits for `kind` among `permissions`, when the site gave them.
    public static func of(_ kind: WriteKind, in permissions: [WritePermission]) -> WriteLimit? {
        permissions.first { $0.objectType == kind.rawValue }.map(WriteLimit.init)
    }
}

extension WriteClock {
    /// The clock of `site` as the data file keeps it: the writes of every kind since the start of yesterday (UTC).
    public init(site: String, times: any WriteTimesKeeping, now: Date) {
        let since = Self.startOfDay(now).addingTimeInterval(-86_400)
        var writes: [String: [Date]] = [:]
        for kind in WriteKind.allCases {
            let made = times.writeTimes(site: site, kind: kind.rawValue, since: since)
            if !made.isEmpty { writes[Self.key(site, kind)] = made }
        }
        self.init(writes: writes)
    }
}

extension WriteClock.Verdict {
    /// Why a write may not go yet, in one line, or nil when it may.
    public func refusal(kind: WriteKind, now: Date) -> String? {
        switch self {
        case .allowed:
            return nil
        case .wait(let seconds):
            let left = seconds >= 120 ? "\((seconds + 59) / 60) minutes" : "\(seconds) second" + (seconds == 1 ? "" : "s")
            return "the site takes one \(kind.rawValue) at a time: wait \(left) before the next"
        case .dailyLimit(let until):
            let hours = Int((until.timeIntervalSince(now) / 3_600).rounded(.up))
            return "the site's daily allowance of \(kind.rawValue)s is used up: it renews at midnight UTC (in about \(hours) h)"
        }
    }
}
