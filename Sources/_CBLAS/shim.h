// The CBLAS interface of the system's BLAS (Debian: libblas-dev puts cblas.h on the default
// include path and the cblas_* symbols inside libblas.so.3). Not API: used by TransitionBatch.
#include <cblas.h>
