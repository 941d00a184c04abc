import Foundation
import TransitionCSV

/// How `estimators` and `traces` run: the report made in the current directory (notes to
/// standard error), written to standard output; a `BehaviorError` is printed and exits with
/// its documented status.
enum ReportCommand {
    static func run(_ report: (URL, (String) -> Void) throws -> String) throws {
        let currentDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        do {
            let text = try report(currentDirectory) { BehaviorCommand.printError($0) }
            do {
                try Array(text.utf8).withUnsafeBufferPointer { try StandardOutputSink().write($0) }
            } catch {
                throw BehaviorError.writing("standard output", error)
            }
        } catch let error as BehaviorError {
            BehaviorCommand.printError("error: \(error)")
            throw error.exitStatus.exitCode
        }
    }
}
