import TransitionSweep

CommandProcess.installSignalHandlers()
TransitionSweepCommand.main()
