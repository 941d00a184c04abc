import Foundation
import Testing
import TransitionCSV
import TransitionLab
import TransitionPhysics
import TransitionTraces

/// TraceWriter writes the dialect every project CSV uses (`CSVWriter`, `NumberFormatting`) and
/// goes through the one atomic writer.
@Suite("TraceWriter") struct TraceWriterTests {
    static let traces = [
        GestureTrace(
            id: "a,1", samples: [
                TouchSample(time: 0, x: 100, y: -0.0, phase: .began),
                TouchSample(time: 0.397, x: 102.5, y: 1e-5, phase: .changed),
                TouchSample(time: 0.4, x: 0.1 + 0.2, y: 3, phase: .ended),
            ], travel: 800, intent: .finish, userID: "u", deviceID: "7"),
    ]

    @Test("LF line ends, numbers in the one number format, t_ms in exact milliseconds")
    func dialect() throws {
        let text = TraceWriter.csvText(for: Self.traces)
        #expect(text == """
            trace_id,user_id,device_id,t_ms,x_px,y_px,phase,travel_px,intent
            "a,1",u,7,0,100.0,-0.0,down,800.0,finish
            "a,1",u,7,397,102.5,1e-05,move,800.0,finish
            "a,1",u,7,400,0.30000000000000004,3.0,up,800.0,finish

            """)
        #expect(!text.utf8.contains(UInt8(ascii: "\r")))
        for line in text.split(separator: "\n").dropFirst() {
            let f = line.split(separator: ",").map(String.init)  // f[0] and f[1]: the quoted id "a,1"
            for field in [f[5], f[6], f[8]] {  // x_px, y_px, travel_px
                #expect(field == NumberFormatting.string(Double(field)!))
            }
        }
        let back = try TraceReader.parse(text, fileName: "dialect.csv")
        #expect(back.count == 1 && back[0].samples.map(\.time) == [0, 0.397, 0.4])
        #expect(back[0].samples[0].y.sign == .minus, "-0.0 reads back as itself")
        #expect(back[0].samples.map(\.x) == [100, 102.5, 0.1 + 0.2] && back[0].travel == 800)
    }

    @Test("a failed write leaves the previous file and no temporary file")
    func failedWriteLeavesPreviousFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trace-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: FileIOError.self) {
            try TraceWriter.write(Self.traces, to: folder.appendingPathComponent("absent/traces.csv"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let target = folder.appendingPathComponent("traces.csv")
        try TraceWriter.write(Self.traces, to: target)
        let before = try Data(contentsOf: target)
        #expect(before == Data(TraceWriter.csvText(for: Self.traces).utf8))
        // A directory cannot be renamed over: the write fails at the end, the folder is unchanged.
        let blocked = folder.appendingPathComponent("blocked.csv")
        try FileManager.default.createDirectory(at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
        #expect(throws: FileIOError.self) { try TraceWriter.write(Self.traces, to: blocked) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["blocked.csv", "traces.csv"])
        #expect(try Data(contentsOf: target) == before)
    }
}
