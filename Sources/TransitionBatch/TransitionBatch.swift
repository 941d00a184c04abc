// Placeholder: the batch integrator lands with issue 4.
import TransitionPhysics
