// Placeholder: the trace reader lands with issue 3.
import TransitionPhysics
