import TransitionPhysics

/// Touch recordings published in AOSP frameworks/native libs/input/tests/VelocityTracker_test.cpp
/// (Apache 2.0), with the velocities Android's own strategies report for them. Event times there
/// are nanoseconds; the last entry of each is the ACTION_UP, repeating the last position.
enum AndroidRecordings {
    private static func touches(_ rows: [(ns: Int64, x: Double, y: Double)]) -> [TouchSample] {
        rows.enumerated().map { i, r in
            TouchSample(
                time: Double(r.ns) / 1e9, x: r.x, y: r.y,
                phase: i == 0 ? .began : (i == rows.count - 1 ? .ended : .changed))
        }
    }

    /// `SailfishFlingUpSlow1`: impulse x 764.345703, y -3604.819336; lsq2 x 951.698181,
    /// y -3044.966064.
    static let sailfishFlingUpSlow1 = touches([
        (235089067457000, 528.00, 983.00), (235089084684000, 527.00, 981.00),
        (235089093349000, 527.00, 977.00), (235089095677625, 527.00, 975.93),
        (235089101859000, 527.00, 970.00), (235089110378000, 528.00, 960.00),
        (235089112497111, 528.25, 957.51), (235089118760000, 531.00, 946.00),
        (235089126686000, 535.00, 931.00), (235089129316820, 536.33, 926.02),
        (235089135199000, 540.00, 914.00), (235089144297000, 546.00, 896.00),
        (235089146136443, 547.21, 892.36), (235089152923000, 553.00, 877.00),
        (235089160784000, 559.00, 851.00), (235089162955851, 560.66, 843.82),
        (235089162955851, 560.66, 843.82),
    ])

    /// `SwordfishFlingDown`: impulse x 623.577637, y 5970.7309.
    static let swordfishFlingDown = touches([
        (0, 271, 96), (16071042, 269.786346, 106.922775),
        (35648403, 267.983063, 156.660034), (52313925, 262.638397, 220.339081),
        (68976522, 266.138824, 331.581116), (85639375, 274.79245, 428.113159),
        (96948871, 274.79245, 428.113159), (96948871, 274.79245, 428.113159),
    ])
}
