//go:build linux || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"errors"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestNoDisplayOneLine starts this test binary again (its package main
// holds the display check, which runs before any test) with DISPLAY unset
// and naming a display no server answers on: each time it prints one line
// saying so, no GLFW panic, and exits with status 1.
func TestNoDisplayOneLine(t *testing.T) {
	for _, tc := range []struct {
		name, display, want string
	}{
		{"unset", "", "hexfire: no display (DISPLAY is not set)"},
		{"unreachable", ":4242", "hexfire: cannot open display :4242 (no X server answers there"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "DISPLAY=") })
			if tc.display != "" {
				cmd.Env = append(cmd.Env, "DISPLAY="+tc.display)
			}
			var stderr strings.Builder
			cmd.Stderr = &stderr
			err := cmd.Run()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 1 {
				t.Errorf("exit: %v, want status 1", err)
			}
			out := stderr.String()
			if !strings.HasPrefix(out, tc.want) || strings.Count(out, "\n") != 1 {
				t.Errorf("stderr = %q, want one line starting %q", out, tc.want)
			}
		})
	}
}
