//go:build linux || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestNoDisplayOneLine runs this test binary again without DISPLAY: it
// links the game as hexfire does, so display_unix.go's check must stop it
// before Ebiten starts, with exit status 1 and one line, not a GLFW trace.
func TestNoDisplayOneLine(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("without DISPLAY: %v, want exit status 1", err)
	}
	if msg := string(out); strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "hexfire: no display (DISPLAY is not set)") || strings.Contains(msg, "goroutine") {
		t.Errorf("without DISPLAY the output is %q, want one line saying there is no display", msg)
	}
}
