/// Where a batch run writes trajectories: time-major blocks of 16 lanes.
///
/// Lanes are grouped in blocks of `blockWidth` = 16 consecutive lanes (the last block padded).
/// Each block stores its frames one after another, and each frame its 16 lanes contiguously:
///
///     index(lane, frame) = ((lane / 16) * frames + frame) * 16 + lane % 16
///
/// so one block's whole trajectory is one contiguous run of `frames * 16` doubles, produced and
/// written as one stream while the block's state stays in registers. Progress and velocity go to
/// two arrays with the same layout. Frame n is time n / frameRate after release (n = 0 is the
/// release). Values are what the completion shows: progress after the overshoot policy (clamped
/// lanes hold the target from the frame they arrive; rubber-banded lanes show the band), and
/// its velocity. Padding lanes (index >= lanes in the last block) hold unspecified values.
public struct TrajectoryLayout: Hashable, Sendable {
    /// Lanes per block (the SIMD width of the kernel).
    public static let blockWidth = laneWidth

    /// The number of lanes (releases).
    public let lanes: Int
    /// Frames per lane, frame 0 at release, one every 1 / frame rate seconds.
    public let frames: Int

    /// A layout for `lanes` lanes of `frames` frames (both >= 0).
    public init(lanes: Int, frames: Int) {
        precondition(lanes >= 0 && frames >= 0, "Trajectory lanes and frames must be >= 0; got \(lanes), \(frames).")
        self.lanes = lanes
        self.frames = frames
    }

    /// Number of blocks.
    public var blocks: Int { (lanes + Self.blockWidth - 1) / Self.blockWidth }
    /// Doubles per array (progress or velocity), including padding.
    public var count: Int { blocks * frames * Self.blockWidth }
    /// Bytes per array.
    public var byteCount: Int { count * MemoryLayout<Double>.stride }

    /// Position of lane `lane` at frame `frame` in either array.
    @inlinable
    public func index(lane: Int, frame: Int) -> Int {
        ((lane / Self.blockWidth) * frames + frame) * Self.blockWidth + lane % Self.blockWidth
    }

    /// The contiguous range block `block` occupies in either array.
    public func range(ofBlock block: Int) -> Range<Int> {
        let size = frames * Self.blockWidth
        return block * size..<(block + 1) * size
    }
}

/// One block of trajectories handed to a sink (`BatchIntegrator.run(_:trajectoryFrames:sink:)`):
/// lanes `lanes`, `frames` frames, in the block layout of `TrajectoryLayout`
/// (`progress[frame * 16 + lane - lanes.lowerBound]`). The buffers are reused after the sink
/// returns: copy what you keep.
public struct TrajectoryBlock: @unchecked Sendable {
    /// The block's index: lanes 16 × block up to 16 × block + 15.
    public let block: Int
    /// The batch lanes this block holds (the last block may hold fewer than 16).
    public let lanes: Range<Int>
    /// Frames per lane.
    public let frames: Int
    /// Progress, `progress[frame * 16 + lane - lanes.lowerBound]`, fraction of the travel.
    public let progress: UnsafeBufferPointer<Double>
    /// Velocity in the same layout, progress per second.
    public let velocity: UnsafeBufferPointer<Double>
}
