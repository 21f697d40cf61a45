package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestVersion: -version (and --version, version) prints the build's line
// of package buildinfo, whatever the build stamped.
func TestVersion(t *testing.T) {
	for _, arg := range []string{"-version", "--version", "version"} {
		var out bytes.Buffer
		if err := run([]string{arg}, &out); err != nil {
			t.Fatalf("%s: %v", arg, err)
		}
		if line := out.String(); !strings.HasPrefix(line, "hexfire-cli ") || !strings.Contains(line, "commit ") || strings.Count(line, "\n") != 1 {
			t.Errorf("%s printed %q, want one line naming the program and the commit", arg, line)
		}
	}
}
