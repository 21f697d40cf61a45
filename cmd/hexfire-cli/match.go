package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"hexfire/battle"
	"hexfire/fileio"
	"hexfire/maps"
	"hexfire/remote"
)

func init() {
	commands["match"] = command{summary: "a battle on a hexfire-server: match new creates one, match save fetches its save", run: runMatch}
}

func runMatch(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return errors.New("match: want a subcommand: new or save")
	}
	switch args[0] {
	case "-h", "--help", "help":
		fmt.Fprintln(stdout, "usage: hexfire-cli match new|save [flags]   (match new -h, match save -h for their flags)")
		fmt.Fprintln(stdout, "  new   create a battle on a server and print its seat tokens")
		fmt.Fprintln(stdout, "  save  write a seat's battle's save once it is over, its own view before")
		return nil
	case "new":
		return runMatchNew(args[1:], stdout)
	case "save":
		return runMatchSave(args[1:], stdout)
	}
	return fmt.Errorf("match: unknown subcommand %s (want new or save)", fileio.Quote(args[0]))
}

// serverURLs checks a --server URL (remote.URLs).
var serverURLs = remote.URLs

func runMatchNew(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("match new", flag.ContinueOnError)
	fs.SetOutput(stdout)
	serverFlag := fs.String("server", "", "the server, ws://HOST:PORT")
	scenario := fs.String("scenario", "", "one of the program's scenarios, "+battle.EmbeddedPrefix+"scenarios/NAME.tmx or scenarios/NAME.tmx, or a .tmx file of yours, uploaded with the tilesets, templates and images beside it that it refers to (default: the default scenario)")
	rules := fs.String("rules", "", "ruleset name (default: the scenario's)")
	seed := fs.Uint64("seed", 0, "the battle's seed, so that it can be played again exactly (default: the server draws one that no player can know)")
	allies := fs.String("allies", "person", "player of the allies: person, opponent or opponent:LEVEL")
	axis := fs.String("axis", "person", "player of the axis: person, opponent or opponent:LEVEL")
	var fog fogFlag
	fs.Var(&fog, "fog", "fight under fog of war (--fog=false: in the open; default: the scenario's)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("match new: unexpected argument %s", fileio.Quote(fs.Arg(0)))
	}
	_, _, err := serverURLs(*serverFlag)
	if err != nil {
		return fmt.Errorf("match new: %w", err)
	}
	body := remote.CreateRequest{Rules: *rules, Allies: *allies, Axis: *axis}
	if upload, err := isUpload(*scenario); err != nil {
		return fmt.Errorf("match new: --scenario %s: %w", fileio.Quote(*scenario), err)
	} else if upload {
		cat, err := loadCatalogue()
		if err != nil {
			return fmt.Errorf("match new: %w", err)
		}
		dir, name := filepath.Split(*scenario)
		if dir == "" {
			dir = "."
		}
		files, err := maps.FilesOf(os.DirFS(dir), name, cat)
		if err != nil {
			return fmt.Errorf("match new: --scenario %s: %w", fileio.Quote(*scenario), err)
		}
		body.Files = remote.EncodeFiles(files)
		body.Scenario = name
	} else if *scenario != "" {
		body.Scenario = battle.EmbeddedPrefix + strings.TrimPrefix(*scenario, battle.EmbeddedPrefix)
	}
	if fog.set {
		body.Fog = &fog.on
	}
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "seed" {
			body.Seed = strconv.FormatUint(*seed, 10)
		}
	})
	c, err := remote.Create(context.Background(), *serverFlag, body)
	if err != nil {
		return fmt.Errorf("match new: %w", err)
	}
	out, err := json.Marshal(c)
	if err != nil {
		return fmt.Errorf("match new: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "%s\n", out)
	return err
}

// isUpload reports whether --scenario names a file of the user's, to be
// uploaded: a .tmx that exists, not written with battle.EmbeddedPrefix.
// A name that exists neither as a file nor among the program's scenarios
// is left to the server to refuse.
func isUpload(scenario string) (bool, error) {
	if scenario == "" || strings.HasPrefix(scenario, battle.EmbeddedPrefix) {
		return false, nil
	}
	info, err := os.Stat(scenario)
	if err != nil {
		return false, nil // one of the program's, perhaps
	}
	if !info.Mode().IsRegular() || !strings.HasSuffix(scenario, ".tmx") {
		return false, errors.New("not a .tmx file")
	}
	return true, nil
}

// savedReport is what match save prints: the file it wrote and what it
// holds.
type savedReport struct {
	Out string `json:"out"`
	// Kind is remote.SaveKindBattle or remote.SaveKindView.
	Kind string `json:"kind"`
}

func runMatchSave(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("match save", flag.ContinueOnError)
	fs.SetOutput(stdout)
	serverFlag := fs.String("server", "", "the server, ws://HOST:PORT")
	token := fs.String("token", "", "the seat's token")
	out := fs.String("out", "", "the file to write")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("match save: unexpected argument %s", fileio.Quote(fs.Arg(0)))
	}
	_, web, err := serverURLs(*serverFlag)
	if err != nil {
		return fmt.Errorf("match save: %w", err)
	}
	if *token == "" || *out == "" {
		return errors.New("match save: want --token and --out")
	}
	req, err := http.NewRequest(http.MethodGet, web+"/save", nil)
	if err != nil {
		return fmt.Errorf("match save: %w", err)
	}
	req.Header.Set("Authorization", "Bearer "+*token)
	resp, body, err := remote.Exchange(req)
	if err != nil {
		return fmt.Errorf("match save: %w", err)
	}
	kind := resp.Header.Get(remote.SaveKindHeader)
	if kind != remote.SaveKindBattle && kind != remote.SaveKindView {
		return fmt.Errorf("match save: the server's answer is neither a save nor a view (header %s: %s)", remote.SaveKindHeader, fileio.Quote(kind))
	}
	if err := os.WriteFile(*out, body, 0o644); err != nil {
		return fmt.Errorf("match save: %w", err)
	}
	data, err := json.Marshal(savedReport{Out: *out, Kind: kind})
	if err != nil {
		return fmt.Errorf("match save: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "%s\n", data)
	return err
}
