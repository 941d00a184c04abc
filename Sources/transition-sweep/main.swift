import TransitionSweep
TransitionSweepCommand.main()
