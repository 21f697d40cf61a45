package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"hexfire/battle"
	"hexfire/fileio"
	"hexfire/maps"
	"hexfire/units"
)

func init() {
	commands["match"] = command{summary: "a battle on a hexfire-server: match new creates one, match save fetches its save", run: runMatch}
}

// The header of a GET /save answer and its values, as package server
// names them (saveKindHeader): the CLI speaks the protocol without
// importing the server and its database.
const (
	saveKindHeader = "Hexfire-Save"
	saveKindBattle = "battle" // the whole battle's save, once it is over
	saveKindView   = "view"   // only the seat's own view, before
)

// httpTimeout bounds each HTTP exchange with a server: our choice, long
// enough for a save of thousands of orders on a slow link.
const httpTimeout = 60 * time.Second

// maxAnswerBytes is the most of an HTTP answer the CLI reads: a save of
// the longest battle (maxOrdersPerBattle orders of a few hundred bytes
// indented) is far below it.
const maxAnswerBytes = 64 << 20

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

// serverURLs checks a --server URL, ws:// or wss:// and a host, and
// returns it with no trailing slash and the http:// or https:// URL of
// the same server.
func serverURLs(raw string) (ws, web string, err error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", "", fmt.Errorf("--server %s: %w", fileio.Quote(raw), err)
	}
	if u.Host == "" || (u.Scheme != "ws" && u.Scheme != "wss") {
		return "", "", fmt.Errorf("--server %s: want ws://HOST:PORT or wss://HOST:PORT", fileio.Quote(raw))
	}
	ws = strings.TrimSuffix(u.String(), "/")
	return ws, "http" + strings.TrimPrefix(ws, "ws"), nil
}

// answerError is a server's refusal of an HTTP request: its status and
// the reason it gave ({"error": ...}), or its body when it gave none.
func answerError(resp *http.Response, body []byte) error {
	var refusal struct {
		Error string `json:"error"`
	}
	if json.Unmarshal(body, &refusal) == nil && refusal.Error != "" {
		return fmt.Errorf("the server answered %s: %s", resp.Status, refusal.Error)
	}
	return fmt.Errorf("the server answered %s: %s", resp.Status, fileio.Quote(string(bytes.TrimSpace(body))))
}

// exchange sends req and reads its answer's body, at most maxAnswerBytes
// of it; an answer other than 200 is an error with the server's reason.
func exchange(req *http.Request) (*http.Response, []byte, error) {
	client := &http.Client{Timeout: httpTimeout}
	resp, err := client.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswerBytes+1))
	if err != nil {
		return nil, nil, fmt.Errorf("reading the server's answer: %w", err)
	}
	if len(body) > maxAnswerBytes {
		return nil, nil, fmt.Errorf("the server's answer is over %d bytes", maxAnswerBytes)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, nil, answerError(resp, body)
	}
	return resp, body, nil
}

// createBody is the body of POST /battles that match new sends (the
// server's createRequest).
type createBody struct {
	Scenario string `json:"scenario,omitempty"`
	// Files are an uploaded scenario's files by name ([]byte: base64 in
	// JSON, as the server takes them).
	Files  map[string][]byte `json:"files,omitempty"`
	Rules  string            `json:"rules,omitempty"`
	Fog    *bool             `json:"fog,omitempty"`
	Allies string            `json:"allies"`
	Axis   string            `json:"axis"`
	Seed   string            `json:"seed,omitempty"`
}

// created is the server's answer to a battle's creation, printed as it is.
type created struct {
	Battle int64  `json:"battle"`
	Allies string `json:"allies,omitempty"`
	Axis   string `json:"axis,omitempty"`
}

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
	_, web, err := serverURLs(*serverFlag)
	if err != nil {
		return fmt.Errorf("match new: %w", err)
	}
	body := createBody{Rules: *rules, Allies: *allies, Axis: *axis}
	if upload, err := isUpload(*scenario); err != nil {
		return fmt.Errorf("match new: --scenario %s: %w", fileio.Quote(*scenario), err)
	} else if upload {
		cat, err := units.Default()
		if err != nil {
			return fmt.Errorf("match new: %w", err)
		}
		dir, name := filepath.Split(*scenario)
		if dir == "" {
			dir = "."
		}
		if body.Files, err = maps.FilesOf(os.DirFS(dir), name, cat); err != nil {
			return fmt.Errorf("match new: --scenario %s: %w", fileio.Quote(*scenario), err)
		}
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
	data, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("match new: %w", err)
	}
	req, err := http.NewRequest(http.MethodPost, web+"/battles", bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("match new: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	_, answer, err := exchange(req)
	if err != nil {
		return fmt.Errorf("match new: %w", err)
	}
	var c created
	if err := json.Unmarshal(answer, &c); err != nil {
		return fmt.Errorf("match new: the server's answer is not a battle's creation: %w", err)
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
	// Kind is saveKindBattle or saveKindView.
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
	resp, body, err := exchange(req)
	if err != nil {
		return fmt.Errorf("match save: %w", err)
	}
	kind := resp.Header.Get(saveKindHeader)
	if kind != saveKindBattle && kind != saveKindView {
		return fmt.Errorf("match save: the server's answer is neither a save nor a view (header %s: %s)", saveKindHeader, fileio.Quote(kind))
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
