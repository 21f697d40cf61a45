//go:build unix

package fileio

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.txt")
	if err := os.WriteFile(small, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	for _, tc := range []struct {
		name  string
		path  string
		limit int64
		want  string
		err   error
	}{
		{"regular", small, 5, "hello", nil},
		{"too large", small, 4, "", ErrTooLarge},
		{"named pipe", fifo, 100, "", ErrNotRegular},
		{"device", "/dev/zero", 100, "", ErrNotRegular},
		{"directory", dir, 100, "", ErrNotRegular},
		{"missing", filepath.Join(dir, "nowhere"), 100, "", fs.ErrNotExist},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, err := ReadFile(tc.path, tc.limit)
			if tc.err == nil {
				if err != nil || string(data) != tc.want {
					t.Fatalf("ReadFile = %q, %v; want %q", data, err, tc.want)
				}
				return
			}
			if !errors.Is(err, tc.err) {
				t.Fatalf("ReadFile error = %v, want %v", err, tc.err)
			}
			if !strings.Contains(err.Error(), tc.path) {
				t.Errorf("error %q does not name %s", err, tc.path)
			}
		})
	}
}

func TestReadFS(t *testing.T) {
	fsys := fstest.MapFS{
		"a.txt":  {Data: []byte("abc")},
		"pipe":   {Mode: fs.ModeNamedPipe},
		"dev":    {Mode: fs.ModeDevice | fs.ModeCharDevice},
		"dir/b":  {Data: []byte("b")},
		"big.in": {Data: make([]byte, 1000)},
	}
	for _, tc := range []struct {
		path  string
		limit int64
		want  string
		err   error
	}{
		{"a.txt", 3, "abc", nil},
		{"big.in", 999, "", ErrTooLarge},
		{"pipe", 10, "", ErrNotRegular},
		{"dev", 10, "", ErrNotRegular},
		{"dir", 10, "", ErrNotRegular},
		{"nowhere", 10, "", fs.ErrNotExist},
	} {
		t.Run(tc.path, func(t *testing.T) {
			data, err := ReadFS(fsys, tc.path, tc.limit)
			if tc.err == nil {
				if err != nil || string(data) != tc.want {
					t.Fatalf("ReadFS = %q, %v; want %q", data, err, tc.want)
				}
				return
			}
			if !errors.Is(err, tc.err) {
				t.Fatalf("ReadFS error = %v, want %v", err, tc.err)
			}
		})
	}
}

// TestWriteFileAtomic writes over a file and leaves no temporary file.
func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out.txt")
	for _, text := range []string{"first", "second"} {
		if err := WriteFileAtomic(name, []byte(text)); err != nil {
			t.Fatal(err)
		}
		if got, err := os.ReadFile(name); err != nil || string(got) != text {
			t.Errorf("read back %q, %v; want %q", got, err, text)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d entries, want the file alone", len(entries))
	}
	if err := WriteFileAtomic(filepath.Join(dir, "no-such-dir", "x"), nil); err == nil {
		t.Error("a write into a missing folder succeeded")
	}
}
