//go:build unix

package battle

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestReadSaveRefusesANamedPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "save.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	// Without a writer, opening the pipe would block: the test would hang.
	_, err := ReadSave(fifo)
	if err == nil || !strings.Contains(err.Error(), "not a regular file") || !strings.Contains(err.Error(), fifo) {
		t.Errorf("ReadSave of a named pipe: error %v, want one refusing it by name", err)
	}
}
