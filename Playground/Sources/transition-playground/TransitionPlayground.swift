import ArgumentParser
import Foundation
import PlaygroundServer

/// `transition-playground`: serves the playground page and its API (see `Playground`).
@main
struct TransitionPlayground: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transition-playground",
        abstract: "Serves the playground: drag a card, see classic and physics complete the same flick.")

    @Option(help: "Address to listen on (default loopback: only this machine can connect).")
    var host = "127.0.0.1"

    @Option(
        name: .customLong("allow-host"),
        help: ArgumentHelp(
            "A Host header name the server also answers to (repeatable), besides 127.0.0.1, localhost and [::1]: needed with --host 0.0.0.0 to be reached by that name. Every other Host gets 421 (DNS rebinding).",
            valueName: "name"))
    var allowedHosts: [String] = []

    @Option(help: "TCP port, 1 to 65535.")
    var port = 8080

    @Option(help: "The recorded swipes the page can replay (trace CSV; absent: the page says so).")
    var recordedSwipes: String?

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be in 1...65535; got \(port).") }
    }

    func run() async throws {
        let playground = Playground(
            recordedSwipesFile: recordedSwipes.map { URL(fileURLWithPath: $0) },
            allowedHosts: Playground.loopbackHosts.union(allowedHosts.map { $0.lowercased() }))
        if let reason = playground.recordedSwipes.unavailableReason { say("transition-playground: \(reason)") }
        let (host, port) = (self.host, self.port)
        let app = playground.application(host: host, port: port) {
            say("transition-playground: serving http://\(host):\(port)/")
        }
        try await app.runService()
    }
}

/// Writes a line to standard output at once (unbuffered: stdout is often a pipe).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
