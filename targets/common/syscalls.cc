// Runtime stubs that let firmware link against newlib-nano or picolibc with
// no heap.
//
// Nothing here allocates. The newlib and libsupc++ versions replaced below
// would pull in malloc (abort() through raise()'s signal table, assert()
// through fprintf) or keep state the image never uses (atexit tables).
// C headers only, for toolchains without C++ library headers.
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include "targets/common/board.h"
#include "targets/common/semihosting.h"

namespace tinyfair::target {
namespace {

[[noreturn]] void Fail(const char* message) {
  WriteString(message);
  Exit(kExitAbort);
}

}  // namespace

extern "C" {

// newlib's abort() raises SIGABRT through a signal table it mallocs.
[[noreturn]] void abort() { Fail("tinyfair: abort()\n"); }

// Failed assert(); newlib's version formats with fiprintf() on stderr.
[[noreturn]] void __assert_func(const char* file, int line, const char* function,
                                const char* expression) {
  WriteString("tinyfair: assertion failed: ");
  WriteString(expression != nullptr ? expression : "?");
  WriteString(" in ");
  WriteString(function != nullptr ? function : "?");
  WriteString(" at ");
  WriteString(file != nullptr ? file : "?");
  WriteString(":");
  WriteDecimal(line);
  Fail("\n");
}

// exit() from newlib ends here after running its exit handlers.
[[noreturn]] void _exit(int code) { Exit(code); }

// libsupc++'s versions go through std::terminate and its verbose handler.
[[noreturn]] void __cxa_pure_virtual() { Fail("tinyfair: pure virtual function called\n"); }
[[noreturn]] void __cxa_deleted_virtual() { Fail("tinyfair: deleted virtual function called\n"); }

// Statics with destructors register them here. The image stops through
// semihosting after main() returns and never runs them, so there is nothing
// to record (newlib's version fills a table in RAM).
int __cxa_atexit(void (*)(void*), void*, void*) { return 0; }
int __aeabi_atexit(void*, void (*)(void*), void*) { return 0; }
// Normally from crtbegin.o, which -nostartfiles leaves out.
void* __dso_handle = nullptr;

// A heap of size zero. Defined so that an image which does allocate still
// links and check_no_allocator.cmake can name the culprits; at run time any
// allocation fails (operator new then aborts). newlib's malloc calls _sbrk,
// picolibc's sbrk (whose own version needs heap symbols from the linker
// script, which the boards do not define).
void* _sbrk(ptrdiff_t) {
  errno = ENOMEM;
  return reinterpret_cast<void*>(-1);
}
#if defined(__PICOLIBC__)
void* sbrk(ptrdiff_t increment) { return _sbrk(increment); }
#endif

// Low-level I/O behind newlib's stdio. Like _sbrk they only exist so that an
// image using stdio links and gets reported by the allocator check (stdio
// buffers come from malloc); stdout and stderr go to the semihosting console.
int _write(int fd, const char* data, int size) {
  if (fd != 1 && fd != 2) {
    errno = EBADF;
    return -1;
  }
  Write(data, static_cast<size_t>(size));
  return size;
}
int _read(int, char*, int) { return 0; }  // End of file: there is no stdin.
int _close(int) {
  errno = EBADF;
  return -1;
}
long _lseek(int, long, int) {
  errno = ESPIPE;
  return -1;
}
int _fstat(int, struct stat* status) {
  status->st_mode = S_IFCHR;
  return 0;
}
int _isatty(int fd) { return fd >= 0 && fd <= 2 ? 1 : 0; }
int _getpid() { return 1; }
int _kill(int, int) {
  errno = EINVAL;
  return -1;
}

}  // extern "C"

}  // namespace tinyfair::target
