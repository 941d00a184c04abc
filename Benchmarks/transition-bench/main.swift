print("transition-bench: not yet built")
