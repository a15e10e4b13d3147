/* A test-only stand-in for Windows' bcryptprimitives.dll, for running our exe under Wine 8.
 *
 * Rust's std (1.78 and later) imports ProcessPrng from bcryptprimitives.dll, which every
 * Windows 10 and later has but Wine 8 lacks, so without this file beside the exe Wine
 * refuses to load it (c0000135). ProcessPrng fills a buffer with random bytes; here it asks
 * advapi32's RtlGenRandom (exported as SystemFunction036), which Wine has.
 *
 * Built by tools/smoke-windows.sh at test time:
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll bcryptprimitives.c -ladvapi32
 * Never shipped: tools/release.sh does not package it.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
    /* RtlGenRandom takes a ULONG length: feed larger requests in pieces. */
    while (len > 0) {
        ULONG chunk = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}
