import TransitionBench

TransitionBenchCommand.main()
