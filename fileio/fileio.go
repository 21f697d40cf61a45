// Package fileio reads whole files safely: only regular files are opened,
// each is read once through one size limit, and nothing is allocated for
// more than the limit allows. A named pipe, a device such as /dev/zero or a
// directory is refused before a byte is read, so a hostile path can neither
// hang the caller nor fill its memory. What is read reaches error
// messages only through Quote and Clip, so no message grows with a file.
//
// The package is pure: it imports only the standard library, so the map
// loader, saves and catalogues can all share it.
package fileio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrNotRegular is returned for a path that is not a regular file.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is returned for a file larger than the caller's limit.
var ErrTooLarge = errors.New("file is larger than the limit")

// ReadFile reads the regular file name of the operating system's file
// system, refusing it when it is larger than limit bytes. Errors are
// *fs.PathError values naming the file.
func ReadFile(name string, limit int64) ([]byte, error) {
	// Stat first: opening a named pipe for reading blocks until a writer
	// comes, so it must be refused before the open.
	info, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(name, info, limit); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(name, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readOpened(name, f, limit)
}

// ReadFS is ReadFile for a file of fsys.
func ReadFS(fsys fs.FS, name string, limit int64) ([]byte, error) {
	info, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(name, info, limit); err != nil {
		return nil, err
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readOpened(name, f, limit)
}

// readOpened checks again what was opened (the path may have changed
// since the first look) and reads at most limit bytes of it.
func readOpened(name string, f fs.File, limit int64) ([]byte, error) {
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if err := checkRegular(name, info, limit); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	if int64(len(data)) > limit {
		return nil, tooLarge(name, limit)
	}
	return data, nil
}

func checkRegular(name string, info fs.FileInfo, limit int64) error {
	if !info.Mode().IsRegular() {
		return &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("%w (%s)", ErrNotRegular, kind(info.Mode()))}
	}
	if info.Size() > limit {
		return tooLarge(name, limit)
	}
	return nil
}

func tooLarge(name string, limit int64) error {
	return &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%w of %d bytes", ErrTooLarge, limit)}
}

// kind names the type of a file that is not regular.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "a special file"
}

// WriteFileAtomic writes data to name through a temporary file in the same
// folder renamed over it, so that a reader never sees half a file and a
// failed write leaves no temporary file behind. The file gets mode 0644.
func WriteFileAtomic(name string, data []byte) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	if err = tmp.Chmod(0o644); err == nil {
		_, err = tmp.Write(data)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	return err
}
