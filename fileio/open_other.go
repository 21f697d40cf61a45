//go:build !unix

package fileio

// openFlags adds nothing where there are no named pipes to guard against.
const openFlags = 0
