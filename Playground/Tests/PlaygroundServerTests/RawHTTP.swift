import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bare HTTP/1.1 client over a TCP socket to 127.0.0.1, for what a well-behaved client cannot
/// send: any Host header, raw paths (`/../`, `%2e%2e`), a body that stops half-way.
enum RawHTTP {
    struct Failure: Error, CustomStringConvertible { var description: String }

    /// `exchange` on a thread of its own: its blocking reads must not hold one of the few threads
    /// of Swift's cooperative pool, on which the server under test answers.
    static func exchangeOffPool(
        port: Int, head: String, body: [UInt8] = [], pauseBeforeBody: Double = 0, readTimeout: Double = 15
    ) async throws -> (response: String, seconds: Double) {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    try exchange(port: port, head: head, body: body, pauseBeforeBody: pauseBeforeBody, readTimeout: readTimeout)
                })
            }.start()
        }
    }

    /// Sends `head` and then `body` (after `pause` seconds, if given: a stalled client), reads
    /// until the server closes or `readTimeout` seconds pass; the response text (status line,
    /// headers, body) and how long the answer took, seconds.
    static func exchange(
        port: Int, head: String, body: [UInt8] = [], pauseBeforeBody: Double = 0, readTimeout: Double = 15
    ) throws -> (response: String, seconds: Double) {
        signal(SIGPIPE, SIG_IGN)  // a server that closes early must not kill the test process
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect: \(errno)") }
        var timeout = timeval()
        timeout.tv_sec = .init(readTimeout)
        timeout.tv_usec = .init((readTimeout - readTimeout.rounded(.down)) * 1e6)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let start = Date()
        try send(fd, Array(head.utf8))
        if pauseBeforeBody > 0 { Thread.sleep(forTimeInterval: pauseBeforeBody) }
        if !body.isEmpty { try send(fd, body) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            received.append(contentsOf: buffer[0..<n])
            // One response is enough: stop at the end of its body when it has a length.
            if let text = String(bytes: received, encoding: .utf8), let done = completeLength(text), received.count >= done { break }
        }
        return (String(decoding: received, as: UTF8.self), Date().timeIntervalSince(start))
    }

    static func send(_ fd: Int32, _ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return }  // the server closed: read what it said
            offset += n
        }
    }

    /// The byte count of a complete response with a Content-Length, nil before its head ends.
    static func completeLength(_ text: String) -> Int? {
        guard let headEnd = text.range(of: "\r\n\r\n") else { return nil }
        let head = text[..<headEnd.lowerBound].lowercased()
        guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
            let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        else { return nil }
        return text[..<headEnd.upperBound].utf8.count + length
    }

    /// The status code of a response text, 0 when there is none (the server closed silently).
    static func status(_ response: String) -> Int {
        let parts = response.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1.") else { return 0 }
        return Int(parts[1]) ?? 0
    }

    /// The body of a response text.
    static func body(_ response: String) -> String {
        guard let headEnd = response.range(of: "\r\n\r\n") else { return "" }
        return String(response[headEnd.upperBound...])
    }
}

/// The recorded BioIdent swipes (docs/references.md#the-recorded-swipes), which are not part of
/// the repository: the file `RECORDED_SWIPES` names when it is set (make playground-test sets
/// it), else `../shared/data/bioident-gallery-swipes.csv` beside the checkout; nil when not
/// there, and the tests that need it are skipped with `recordedSwipesAbsent`.
let recordedSwipesFile: URL? = {
    let url = ProcessInfo.processInfo.environment["RECORDED_SWIPES"].map { URL(fileURLWithPath: $0) }
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../../shared/data/bioident-gallery-swipes.csv").standardizedFileURL
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
}()
let recordedSwipesAbsent =
    "needs the recorded swipes: set RECORDED_SWIPES to the file or put it at ../shared/data/bioident-gallery-swipes.csv"
