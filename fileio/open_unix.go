//go:build unix

package fileio

import "syscall"

// openFlags keeps the open from blocking should the path have become a
// named pipe after it was checked; reading a regular file is unaffected.
const openFlags = syscall.O_NONBLOCK
