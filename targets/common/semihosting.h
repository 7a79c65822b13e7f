// Semihosting (Arm's specification, also used by RISC-V): console, host
// files and exit code for firmware.
#ifndef TINYFAIR_TARGETS_COMMON_SEMIHOSTING_H_
#define TINYFAIR_TARGETS_COMMON_SEMIHOSTING_H_

#include <stddef.h>
#include <stdint.h>

namespace tinyfair::target {

// Modes for Open(), as defined by the semihosting specification (they index
// the fopen() mode strings "r", "rb", "r+", "r+b", "w", "wb", ...).
inline constexpr int kOpenRead = 0;
inline constexpr int kOpenReadBinary = 1;
inline constexpr int kOpenWrite = 4;
inline constexpr int kOpenWriteBinary = 5;
inline constexpr int kOpenAppend = 8;
inline constexpr int kOpenAppendBinary = 9;

// Writes `size` bytes to the host's standard output with a single host call,
// so callers that assemble whole lines pay one trap per line.
void Write(const char* text, size_t size);

// Writes a NUL-terminated string to the host's standard output.
void WriteString(const char* text);

// Writes `value` in decimal (with a leading '-' when negative).
void WriteDecimal(long value);

// Writes `value` as "0x" followed by eight hexadecimal digits.
void WriteHex(uint32_t value);

// Opens a host file; relative paths resolve against the host's working
// directory. Returns a handle >= 0, or -1 on failure.
int Open(const char* path, int mode);

// Reads up to `size` bytes. Returns the number of bytes read (0 at end of
// file), or -1 on error.
long Read(int handle, void* buffer, size_t size);

// Moves the file position to the absolute byte offset `position`. Returns 0
// on success, -1 on failure.
int Seek(int handle, long position);

// Returns the length of an open file in bytes, or -1 on failure.
long FileLength(int handle);

// Closes a handle returned by Open().
void Close(int handle);

// Copies the command line given to the host (for QEMU: the image path and
// the `-append` text, separated by a space) into `buffer` with a terminating
// NUL. Returns the length without the NUL, or -1 if it does not fit or the
// host has none.
long GetCommandLine(char* buffer, size_t size);

// Ends the program; the host (qemu-system-*) exits with `code`. Codes
// outside 0..255 become 255, never a wrapped-around 0.
[[noreturn]] void Exit(int code);

}  // namespace tinyfair::target

#endif  // TINYFAIR_TARGETS_COMMON_SEMIHOSTING_H_
