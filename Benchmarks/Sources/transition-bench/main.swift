import TransitionBench
import TransitionSweep

CommandProcess.installSignalHandlers()
TransitionBenchCommand.main()
