package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"hexfire/board"
	"hexfire/fileio"
	"hexfire/maps"
)

func init() {
	commands["los"] = command{summary: "line of sight between two hexes of a map", run: runLOS}
}

// losReport is the JSON form of a line of sight.
type losReport struct {
	Map         string         `json:"map"`
	From        string         `json:"from"`
	To          string         `json:"to"`
	Range       int            `json:"range"`
	RangeMetres int            `json:"range_m"`
	Clear       bool           `json:"clear"`
	BlockedBy   *string        `json:"blocked_by"`
	Hindrance   int            `json:"hindrance"`
	Hindrances  []losHindrance `json:"hindrances"`
	Hexside     bool           `json:"hexside"`
	Path        []string       `json:"path"`
	Left        []string       `json:"left"`
	Right       []string       `json:"right"`
	FromTerrain string         `json:"from_terrain"`
	ToTerrain   string         `json:"to_terrain"`
	FromLevel   int            `json:"from_level"`
	ToLevel     int            `json:"to_level"`
	FromFort    string         `json:"from_fortification,omitempty"`
	ToFort      string         `json:"to_fortification,omitempty"`
}

type losHindrance struct {
	Amount int    `json:"amount"`
	Reason string `json:"reason"`
}

func runLOS(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("los", flag.ContinueOnError)
	fs.SetOutput(stdout)
	mapFile := fs.String("map", "", "Tiled .tmx map (default: the embedded "+maps.DefaultPath+")")
	from := fs.String("from", "", "firer's hex label, e.g. E4")
	to := fs.String("to", "", "target's hex label, e.g. C1")
	jsonOut := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("los: unexpected argument %s", fileio.Quote(fs.Arg(0)))
	}
	if *from == "" || *to == "" {
		return fmt.Errorf("los: --from and --to are required (hex labels such as E4)")
	}
	catalogue, err := loadCatalogue()
	if err != nil {
		return err
	}
	s, err := loadScenario(*mapFile, catalogue)
	if err != nil {
		return err
	}
	b := s.Board
	a, err := b.ParseHex(*from)
	if err != nil {
		return fmt.Errorf("los: --from: %w", err)
	}
	c, err := b.ParseHex(*to)
	if err != nil {
		return fmt.Errorf("los: --to: %w", err)
	}
	l := b.LOS(a, c, nil)
	if !*jsonOut {
		fmt.Fprintf(stdout, "%s (%s), %d m per hex\n", s.Title, s.Path, s.HexMetres)
		fmt.Fprintf(stdout, "from %s: %s; to %s: %s\n", b.Label(a), describeCell(b.Cell(a)), b.Label(c), describeCell(b.Cell(c)))
		_, err := io.WriteString(stdout, l.Explain(b))
		return err
	}
	r := losReport{
		Map: s.Path, From: b.Label(a), To: b.Label(c),
		Range: l.Range, RangeMetres: l.Range * s.HexMetres,
		Clear: l.Clear, Hindrance: l.Hindrance, Hexside: l.AlongHexside,
		Path: hexLabels(b, l.Path), Left: hexLabels(b, l.Left), Right: hexLabels(b, l.Right),
		Hindrances:  []losHindrance{},
		FromTerrain: b.Cell(a).Terrain.String(), ToTerrain: b.Cell(c).Terrain.String(),
		FromLevel: b.Cell(a).Level, ToLevel: b.Cell(c).Level,
	}
	if f := b.Fort(a); f.Kind != board.NoFort {
		r.FromFort = f.String()
	}
	if f := b.Fort(c); f.Kind != board.NoFort {
		r.ToFort = f.String()
	}
	if l.BlockedBy != nil {
		r.BlockedBy = &l.BlockedBy.Reason
	}
	for _, o := range l.Hindrances {
		r.Hindrances = append(r.Hindrances, losHindrance{o.Amount, o.Reason})
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// describeCell says what a hex is: "woods, level 1, road".
func describeCell(c board.Cell) string {
	s := c.Terrain.String()
	if c.Level > 0 {
		s += fmt.Sprintf(", level %d", c.Level)
	}
	if c.Road {
		s += ", road"
	}
	if c.Fort != board.NoFort {
		s += fmt.Sprintf(", %s (cover %+d)", c.Fort, c.Fort.Info().Cover)
	}
	return s
}

func hexLabels(b *board.Board, hs []board.Hex) []string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = b.Label(h)
	}
	return out
}
