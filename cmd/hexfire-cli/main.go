// Command hexfire-cli is the headless face of Hexfire: line of sight, odds,
// single rolls, the unit catalogue, computer-against-computer battles,
// generated quick battles and pictures of scenarios,
// as text or JSON. It never imports ebiten, so it runs without a display.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"hexfire/buildinfo"
	"hexfire/fileio"
)

// command is one subcommand: its one-line summary and the function that
// runs it with the remaining arguments.
type command struct {
	summary string
	run     func(args []string, stdout io.Writer) error
}

// commands holds the subcommands; each file of this package adds its own
// in an init function.
var commands = map[string]command{}

// memoryLimit is the heap size above which the garbage collector works
// harder (debug.SetMemoryLimit; a soft limit, never an error): our own
// choice, under the 256 MB a command may take on any map within the
// loader's limits (docs/BENCHMARKS.md); without it the heap of a render
// grew to twice what it held.
const memoryLimit = 160 << 20

func main() {
	if os.Getenv("GOMEMLIMIT") == "" { // a limit set by the user wins
		debug.SetMemoryLimit(memoryLimit)
	}
	if err := runReporting(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		os.Exit(1)
	}
}

// runReporting runs the command of args and reports its error, if any, as
// wantsJSON says: under --json, stdout holds one JSON object, the
// command's output or {"error": "..."} (what the command printed before
// failing is dropped); otherwise the error is a line on stderr. Either way
// the message is one line of at most fileio.MaxErrorLength bytes. The
// error is returned for the exit status.
func runReporting(args []string, stdout, stderr io.Writer) error {
	return report(commands, args, stdout, stderr)
}

// report is runReporting with the commands of cmds.
func report(cmds map[string]command, args []string, stdout, stderr io.Writer) error {
	if !wantsJSON(args) {
		err := dispatch(cmds, args, stdout)
		if err != nil {
			fmt.Fprintln(stderr, fileio.Clip("hexfire-cli: "+err.Error()))
		}
		return err
	}
	var out bytes.Buffer
	err := dispatch(cmds, args, &out)
	if err != nil {
		data, _ := json.Marshal(struct {
			Error string `json:"error"`
		}{fileio.Clip("hexfire-cli: " + err.Error())})
		stdout.Write(append(data, '\n'))
		return err
	}
	_, werr := out.WriteTo(stdout)
	return werr
}

// wantsJSON reports whether the command line asks for JSON output: a
// -json or --json flag (or =true) before any "--".
func wantsJSON(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-json", "--json", "-json=true", "--json=true":
			return true
		}
	}
	return false
}

func run(args []string, stdout io.Writer) error { return dispatch(commands, args, stdout) }

// dispatch runs the command of cmds that args name with the rest of args.
func dispatch(cmds map[string]command, args []string, stdout io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		if len(args) == 0 {
			return errors.New("no command given")
		}
		return nil
	}
	if args[0] == "-version" || args[0] == "--version" || args[0] == "version" {
		fmt.Fprintln(stdout, buildinfo.Line("hexfire-cli"))
		return nil
	}
	cmd, ok := cmds[args[0]]
	if !ok {
		return fmt.Errorf("unknown command %s (try: %s)", fileio.Quote(args[0]), strings.Join(commandNames(), ", "))
	}
	err := cmd.run(args[1:], stdout)
	if errors.Is(err, flag.ErrHelp) {
		return nil // -h: the flag set has printed the flags
	}
	return err
}

func commandNames() []string {
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: hexfire-cli COMMAND [flags]   (hexfire-cli COMMAND -h for its flags; -version: this build)")
	for _, name := range commandNames() {
		fmt.Fprintf(w, "  %-9s %s\n", name, commands[name].summary)
	}
}
