#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TransitionCSV

/// The commands' process-wide policy, in one place for `transition-sweep` and `transition-bench`
/// (their entry points install it; the libraries they use install nothing): how a signal stops a
/// run (the exit statuses are `ExitStatus`).
public enum CommandProcess {
    /// Installs the signal policy of a command, before it parses its arguments:
    ///
    /// - SIGINT, SIGTERM and SIGHUP remove the temporary files of the outputs still being written
    ///   (`AtomicFile.removeTemporaryFilesInFlight()`) and exit with 128 + the signal number, so
    ///   a stopped run leaves no partial file and an earlier file at the target untouched. The
    ///   handler makes only async-signal-safe calls (unlink, _exit).
    /// - SIGXFSZ is ignored: a file-size limit (`ulimit -f`) then fails the write with EFBIG,
    ///   which the command reports as "cannot write …: File too large" and `ExitStatus.ioError` (74), instead of
    ///   the process being killed with a core dump.
    /// - The three stopping signals are unblocked: a launcher may hand them over blocked (the
    ///   mask survives exec), and worker threads inherit this thread's mask.
    public static func installSignalHandlers() {
        AtomicFile.prepareForSignalCleanup()  // the table the handler reads exists before it can run
        signal(SIGXFSZ, SIG_IGN)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for stopping in stoppingSignals { sigaddset(&unblock, stopping) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for stopping in stoppingSignals {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = stop
            #else
            action.__sigaction_u.__sa_handler = stop
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(stopping, &action, nil)
        }
    }

    /// The signals that stop a run: Ctrl-C, `kill`, a closed terminal.
    static let stoppingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The handler: remove the outputs in flight, exit 128 + N.
    private static let stop: @convention(c) (Int32) -> Void = { signalNumber in
        AtomicFile.removeTemporaryFilesInFlight()
        _exit(ExitStatus.stoppedBySignal(signalNumber))
    }
}
