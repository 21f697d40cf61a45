package main

import (
	"strings"
	"testing"
)

// TestSubcommandHelp checks that every subcommand's -h prints its flags and
// succeeds (exit status 0) instead of failing with "flag: help requested".
func TestSubcommandHelp(t *testing.T) {
	for _, tc := range []struct{ command, flag string }{
		{"los", "-from"},
		{"odds", "-firer"},
		{"roll", "-seed"},
		{"simulate", "-battles"},
		{"units", "-nation"},
		{"generate", "-ground"},
		{"render", "-scale"},
	} {
		t.Run(tc.command, func(t *testing.T) {
			out, err := runCombatCLI(t, tc.command, "-h")
			if err != nil {
				t.Errorf("%s -h: error %v, want none", tc.command, err)
			}
			if !strings.Contains(out, tc.flag) {
				t.Errorf("%s -h printed %q, want the flag %s listed", tc.command, out, tc.flag)
			}
		})
	}
	if len(commands) != 7 {
		t.Errorf("%d subcommands, want the 7 this test covers", len(commands))
	}
}

func TestNoCommandFails(t *testing.T) {
	var out strings.Builder
	if err := run(nil, &out); err == nil {
		t.Errorf("run with no command: no error, want one (exit status 1)")
	}
	if !strings.Contains(out.String(), "usage") {
		t.Errorf("run with no command printed %q, want the usage", out.String())
	}
	if err := run([]string{"help"}, &out); err != nil {
		t.Errorf("run help: %v, want no error", err)
	}
}
