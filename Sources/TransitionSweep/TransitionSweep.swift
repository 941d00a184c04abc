// Placeholder: the sweep command lands with issue 5.
import TransitionPhysics
