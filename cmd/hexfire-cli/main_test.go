package main

import (
	"encoding/json"
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
		{"killzone", "-reverse"},
		{"view", "-side"},
		{"bot", "-player"},
		{"match", "save"},
		{"load", "-battles"},
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
	if len(commands) != 12 {
		t.Errorf("%d subcommands, want the 12 this test covers", len(commands))
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

// TestErrorsAsJSON checks that under --json a failing command prints one
// JSON object with the error on stdout, nothing on stderr, and fails; and
// that without --json the error stays a line on stderr.
func TestErrorsAsJSON(t *testing.T) {
	tests := []struct {
		args []string
		want string // part of the error
	}{
		{[]string{"units", "--json", "extra-arg"}, `unexpected argument "extra-arg"`},
		{[]string{"odds", "--json", "--cover", "-7", "--atfp", "C", "--kind", "afv", "--armour", "E"}, "--cover -7"},
		{[]string{"odds", "--json", "--no-such-flag"}, "no-such-flag"},
		{[]string{"simulate", "--json", "--battles", "0"}, "--battles 0"},
		{[]string{"los", "--json", "--from", "ZZ99", "--to", "A1"}, "ZZ99"},
	}
	for _, tt := range tests {
		var stdout, stderr strings.Builder
		err := runReporting(tt.args, &stdout, &stderr)
		if err == nil {
			t.Errorf("%q: no error, want one (exit status 1)", tt.args)
			continue
		}
		var got struct {
			Error string `json:"error"`
		}
		dec := json.NewDecoder(strings.NewReader(stdout.String()))
		dec.DisallowUnknownFields()
		if derr := dec.Decode(&got); derr != nil || dec.More() || !strings.Contains(got.Error, tt.want) {
			t.Errorf("%q: stdout %q, want only {\"error\": ...} containing %q (%v)", tt.args, stdout.String(), tt.want, derr)
		}
		if stderr.Len() != 0 {
			t.Errorf("%q: stderr %q, want nothing under --json", tt.args, stderr.String())
		}
	}
	var stdout, stderr strings.Builder
	if err := runReporting([]string{"units", "extra-arg"}, &stdout, &stderr); err == nil || !strings.HasPrefix(stderr.String(), "hexfire-cli: units: unexpected argument") || stdout.Len() != 0 {
		t.Errorf("without --json: error %v, stdout %q, stderr %q, want the error as a line on stderr", err, stdout.String(), stderr.String())
	}
}
