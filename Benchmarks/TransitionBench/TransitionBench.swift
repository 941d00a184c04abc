// Placeholder: the benchmark runner lands with issues 4 and 6.
import TransitionPhysics
