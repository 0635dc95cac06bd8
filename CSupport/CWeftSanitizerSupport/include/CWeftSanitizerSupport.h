/*
** CWeftSanitizerSupport - C++'s global operator new and delete on the process's
** malloc and free, for apps built with --sanitize=address or --sanitize=thread.
**
** Debian's libjemalloc exports operator new and delete. swiftc links a
** sanitizer's C runtime but not its C++ one, so in a sanitized app the Swift
** runtime's demangler gets memory from jemalloc's operator new and gives it
** back through the sanitizer's free: ASan reports a bad free, TSan fails a
** CHECK. Definitions in the executable come before both libraries, so linking
** this target pairs every new with malloc and every delete with free, whichever
** malloc the process has: the sanitizer's in a sanitized build, jemalloc's in
** any other. A new that finds no memory prints why and aborts, as the Swift
** runtime does on a failed allocation; C code cannot throw std::bad_alloc.
**
** An app that replaces operator new itself must not link it (the definitions
** would be duplicates). It declares nothing for Swift to call.
*/
#ifndef CWEFT_SANITIZER_SUPPORT_H
#define CWEFT_SANITIZER_SUPPORT_H
#endif
