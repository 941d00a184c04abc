// The system's zlib (Debian: zlib1g-dev puts zlib.h on the default include path), for its
// crc32_z: the shard record's checksum (TransitionSweep's FileDigest). Not API.
#include <zlib.h>
