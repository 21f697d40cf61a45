// Command hexfire-cli is the headless face of Hexfire: line of sight, odds,
// single rolls, the unit catalogue, computer-against-computer battles,
// generated quick battles and pictures of scenarios,
// as text or JSON. It never imports ebiten, so it runs without a display.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
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

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "hexfire-cli:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		if len(args) == 0 {
			return errors.New("no command given")
		}
		return nil
	}
	cmd, ok := commands[args[0]]
	if !ok {
		return fmt.Errorf("unknown command %q (try: %s)", args[0], strings.Join(commandNames(), ", "))
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
	fmt.Fprintln(w, "usage: hexfire-cli COMMAND [flags]   (hexfire-cli COMMAND -h for its flags)")
	for _, name := range commandNames() {
		fmt.Fprintf(w, "  %-9s %s\n", name, commands[name].summary)
	}
}
