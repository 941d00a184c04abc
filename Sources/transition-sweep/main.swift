print("transition-sweep: not yet built")
