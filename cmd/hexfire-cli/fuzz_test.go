package main

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"hexfire/fileio"
)

// fuzzCommands are the commands FuzzCommandLine runs: los, odds, roll,
// units and view whole (each ends within milliseconds and writes no file);
// simulate, generate and render only as far as they read and check their
// flags and the files those name, since playing a million battles or
// writing a file is not the command line's parsing. Other commands (such
// as killzone, which may write a PNG) are left out until they have a
// parse step of their own.
func fuzzCommands() map[string]command {
	cmds := map[string]command{}
	for _, name := range []string{"los", "odds", "roll", "units", "view"} {
		cmds[name] = commands[name]
	}
	for name, parse := range map[string]func([]string, io.Writer) (func() error, error){
		"simulate": parseSimulate, "generate": parseGenerate, "render": parseRender,
	} {
		cmds[name] = command{summary: commands[name].summary, run: func(args []string, stdout io.Writer) error {
			_, err := parse(args, stdout)
			return err
		}}
	}
	return cmds
}

// FuzzCommandLine feeds hexfire-cli mangled command lines (the arguments
// one a line): the README's examples, the flags of issue 17 at and past
// their edges, unknown commands and flags, --json. Whatever the arguments,
// a command succeeds or fails with one line of at most
// fileio.MaxErrorLength bytes on stderr, or under --json one JSON object
// holding the error on stdout; never a panic.
func FuzzCommandLine(f *testing.F) {
	for _, args := range [][]string{
		{},
		{"help"},
		{"-h"},
		{"nosuch"},
		{"los", "--from", "E4", "--to", "C1"},
		{"view", "--side", "axis", "--json"},
		{"view", "--side", "allies", "--save", "/dev/zero", "--order", "3"},
		{"los", "--json", "--from", "ZZ999", "--to", "C1"},
		{"los", "--map", "/dev/zero", "--from", "A1", "--to", "A2"},
		{"odds", "--firer", "M4A3E8", "--target", "Tiger I", "--aspect", "rear", "--range", "4", "--cover", "2"},
		{"odds", "--compare", "--firer", "German Panzerschreck Team", "--target", "M4A3E8", "--range", "2"},
		{"odds", "--rules", "shiftchart", "--assault", "--firer", "US Rifle Squad", "--target", "Tiger I", "--engineers"},
		{"odds", "--atfp", "C", "--kind", "afv", "--armour", "E", "--cover", "9223372036854775807"},
		{"odds", "--atfp", "C", "--kind", "afv", "--armour", "E", "--hindrance", "9223372036854775807"},
		{"odds", "--json", "--atfp", "C", "--kind", "afv", "--armour", "E", "--cover", "-7"},
		{"odds", "--firer", "M4A3E8", "--target", "Tiger I", "--sw-range", "-3"},
		{"odds", "--firer", "M4A3E8", "--target", "Tiger I", "--hex-m", "9223372036854775807"},
		{"odds", "--firer", "M4A3E8", "--target", "Tiger I", "--armour-mm", "100/x", "--pen-mm", "-1"},
		{"odds", "--json", "--no-such-flag"},
		{"roll", "--firer", "M4A3E8", "--target", "Tiger I", "--aspect", "rear", "--range", "4", "--cover", "2", "--seed", "3"},
		{"roll", "--rules", "strikedice", "--firer", "Pz IV H", "--target", "M4 (75)", "--seed", "3"},
		{"units"},
		{"units", "--json"},
		{"units", "extra-arg"},
		{"units", "--rules", "elimination"},
		{"units", "--nation", strings.Repeat("X", 5000)},
		{"simulate", "--battles", "200", "--seed", "1", "--allies", "opponent", "--axis", "random"},
		{"simulate", "--battles", "0"},
		{"simulate", "--turns", "0"},
		{"simulate", "--seed", "18446744073709551615", "--battles", "2"},
		{"simulate", "--scenario", "../../maps/testdata/flat-even.tmx", "--json"},
		{"generate", "--seed", "7", "--ground", "bocage", "--size", "30x20", "--out", "quick.tmx"},
		{"generate", "--size", "99999999999999999999x1", "--out", "x.tmx"},
		{"generate", "--points", "-1", "--out", "x.tmx"},
		{"render", "--map", "../../assets/scenarios/le-dezert.tmx", "--out", "x.png"},
		{"render", "--scale", "NaN", "--out", "x.png"},
	} {
		f.Add(strings.Join(args, "\n"))
	}
	cmds := fuzzCommands()
	f.Fuzz(func(t *testing.T, line string) {
		var args []string
		if line != "" {
			args = strings.Split(line, "\n")
		}
		var stdout, stderr bytes.Buffer
		err := report(cmds, args, &stdout, &stderr)
		if err == nil {
			if stderr.Len() > 0 {
				t.Errorf("%q succeeded and wrote %q to stderr", args, stderr.String())
			}
			return
		}
		if !wantsJSON(args) {
			msg, ok := strings.CutSuffix(stderr.String(), "\n")
			if !ok || strings.Contains(msg, "\n") || len(msg) > fileio.MaxErrorLength || !strings.HasPrefix(msg, "hexfire-cli: ") {
				t.Errorf("%q: stderr %q, want one line of at most %d bytes", args, stderr.String(), fileio.MaxErrorLength)
			}
			return
		}
		var out struct{ Error string }
		dec := json.NewDecoder(&stdout)
		if derr := dec.Decode(&out); derr != nil || dec.More() || out.Error == "" || len(out.Error) > fileio.MaxErrorLength || stderr.Len() > 0 {
			t.Errorf("%q: stdout %q, stderr %q, want one JSON object holding an error of at most %d bytes", args, stdout.String(), stderr.String(), fileio.MaxErrorLength)
		}
	})
}
