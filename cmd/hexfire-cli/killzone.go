package main

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"strconv"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/fileio"
	"hexfire/killzone"
	"hexfire/maps"
	"hexfire/preview"
	"hexfire/units"
)

func init() {
	commands["killzone"] = command{summary: "the chance to destroy a target from (or at) every hex of a map", run: runKillzone}
}

// killzoneFlags are the flags of the killzone command.
type killzoneFlags struct {
	mapFile, firer, target, at, facing, firerFacing, rules, pngOut string
	reverse, jsonOut                                               bool
}

// killzoneReport is the JSON form of a kill zone: the query, then every
// hex but the fixed one with its range and line of sight, and the shot's
// odds where it may be fired (Odds absent: out of sight, or Refused says
// why not).
type killzoneReport struct {
	Map         string         `json:"map"`
	Rules       string         `json:"rules"`
	Firer       string         `json:"firer"`
	Target      string         `json:"target"`
	At          string         `json:"at"`
	Reverse     bool           `json:"reverse"`
	Facing      string         `json:"facing"`
	FirerFacing string         `json:"firer_facing"` // a direction, or "turns" (toward each target)
	Max         float64        `json:"max_destroy"`
	PNG         string         `json:"png,omitempty"`
	Hexes       []killzoneCell `json:"hexes"`
}

type killzoneCell struct {
	Hex     string        `json:"hex"`
	Range   int           `json:"range"`
	Clear   bool          `json:"clear"`
	Refused string        `json:"refused,omitempty"`
	Odds    *killzoneOdds `json:"odds,omitempty"`
}

// killzoneOdds is one hex's shot: the armour struck (for an AFV), the
// to-hit number, the hindrance of the line and the summary's chances.
type killzoneOdds struct {
	Aspect     string  `json:"aspect,omitempty"`
	ToHit      int     `json:"to_hit"`
	Hindrance  int     `json:"hindrance"`
	Hit        float64 `json:"hit"`
	Destroy    float64 `json:"destroy"`
	Immobilize float64 `json:"immobilize"`
}

func runKillzone(args []string, stdout io.Writer) error {
	var f killzoneFlags
	fs := flag.NewFlagSet("killzone", flag.ContinueOnError)
	fs.SetOutput(stdout)
	fs.StringVar(&f.mapFile, "map", "", "Tiled .tmx map (default: the embedded "+maps.DefaultPath+"); its units are left out")
	fs.StringVar(&f.firer, "firer", "", "firing unit type from the catalogue (hexfire-cli units)")
	fs.StringVar(&f.target, "target", "", "target unit type from the catalogue")
	fs.StringVar(&f.at, "at", "", "hex label of the firer, or of the target with --reverse")
	fs.StringVar(&f.facing, "facing", "", "the target's facing: N, NE, SE, S, SW, NW or 0-5")
	fs.StringVar(&f.firerFacing, "firer-facing", "", "the firer's facing (default: it turns toward each target)")
	fs.StringVar(&f.rules, "rules", "", "ruleset: "+strings.Join(combat.Names(), ", ")+" (default: the map's)")
	fs.BoolVar(&f.reverse, "reverse", false, "the target stands at --at: where must the firer stand to destroy it?")
	fs.StringVar(&f.pngOut, "png", "", "write the map with the zone's colours and a legend to this PNG file")
	fs.BoolVar(&f.jsonOut, "json", false, "print JSON: every hex with its range, line of sight and odds")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("killzone: unexpected argument %q", fs.Arg(0))
	}
	if err := checkFlagRanges(fs); err != nil {
		return err
	}
	switch {
	case f.firer == "" || f.target == "":
		return fmt.Errorf("killzone: --firer and --target are required (unit types: hexfire-cli units)")
	case f.at == "":
		return fmt.Errorf("killzone: --at is required (a hex label such as E4)")
	case f.facing == "":
		return fmt.Errorf("killzone: --facing is required (N, NE, SE, S, SW, NW or 0-5)")
	}
	bt, q, err := f.build()
	if err != nil {
		return err
	}
	z, err := killzone.Compute(bt, q)
	if err != nil {
		return err
	}
	r := f.report(bt, z)
	if f.pngOut != "" {
		if err := writeKillzonePNG(f.pngOut, bt, z); err != nil {
			return err
		}
		r.PNG = f.pngOut
	}
	if f.jsonOut {
		return writeJSON(stdout, r)
	}
	return printKillzone(stdout, r)
}

// build loads the map and starts a battle of the two units on it, the
// fixed one at --at.
func (f killzoneFlags) build() (*battle.Battle, killzone.Query, error) {
	var q killzone.Query
	cat, err := loadCatalogue()
	if err != nil {
		return nil, q, err
	}
	sc, err := loadScenario(f.mapFile, cat)
	if err != nil {
		return nil, q, err
	}
	for _, name := range []struct{ flag, value string }{{"--firer", f.firer}, {"--target", f.target}} {
		if _, err := cat.Lookup(name.value); err != nil {
			return nil, q, fmt.Errorf("killzone: %s %q: %w", name.flag, name.value, err)
		}
	}
	if q.At, err = sc.Board.ParseHex(f.at); err != nil {
		return nil, q, fmt.Errorf("killzone: --at %q: %w", f.at, err)
	}
	if !sc.Board.Contains(q.At) {
		return nil, q, fmt.Errorf("killzone: --at %s: the hex is off the %dx%d map", f.at, sc.Board.Width, sc.Board.Height)
	}
	if q.TargetFacing, err = parseFacing("--facing", f.facing); err != nil {
		return nil, q, err
	}
	q.FirerTurns = f.firerFacing == ""
	if !q.FirerTurns {
		if q.FirerFacing, err = parseFacing("--firer-facing", f.firerFacing); err != nil {
			return nil, q, err
		}
	}
	if f.rules != "" {
		if _, err := combat.Lookup(f.rules); err != nil {
			return nil, q, fmt.Errorf("killzone: --rules %q: %w", f.rules, err)
		}
	}
	c := *sc
	c.Units = []maps.Placement{
		{ID: 1, Type: f.firer, Side: maps.Allies, Hex: q.At, Facing: q.FirerFacing},
		{ID: 2, Type: f.target, Side: maps.Axis, Hex: q.At, Facing: q.TargetFacing},
	}
	// A study of one shot, in the open as the study table's.
	bt, err := battle.New(&c, cat, battle.Config{Seed: 1, Ruleset: f.rules, Fog: battle.FogOff})
	if err != nil {
		return nil, q, err
	}
	q.Firer, q.Target, q.Reverse = bt.Unit(1), bt.Unit(2), f.reverse
	return bt, q, nil
}

// parseFacing reads a direction by its compass name or number.
func parseFacing(flagName, s string) (board.Direction, error) {
	for d := range board.Direction(6) {
		if strings.EqualFold(s, d.String()) {
			return d, nil
		}
	}
	if n, err := strconv.Atoi(s); err == nil && board.Direction(n).Valid() {
		return board.Direction(n), nil
	}
	return 0, fmt.Errorf("killzone: %s %q: want N, NE, SE, S, SW, NW or 0-5", flagName, s)
}

func (f killzoneFlags) report(bt *battle.Battle, z *killzone.Zone) killzoneReport {
	bd := bt.Board()
	r := killzoneReport{
		Map: bt.Scenario().Path, Rules: z.Ruleset, Firer: z.Query.Firer.Type.Name, Target: z.Query.Target.Type.Name,
		At: bd.Label(z.Query.At), Reverse: z.Query.Reverse, Facing: z.Query.TargetFacing.String(),
		FirerFacing: "turns", Max: z.Max(), Hexes: []killzoneCell{},
	}
	if !z.Query.FirerTurns {
		r.FirerFacing = z.Query.FirerFacing.String()
	}
	for _, c := range z.Cells {
		if c.Hex == z.Query.At {
			continue
		}
		kc := killzoneCell{Hex: bd.Label(c.Hex), Range: c.Range, Clear: c.Clear, Refused: c.Refused}
		if c.Shot {
			kc.Odds = &killzoneOdds{ToHit: c.ToHit, Hindrance: c.Hindrance, Hit: c.Hit(), Destroy: c.Destroy(), Immobilize: c.Immobilize()}
			if z.Query.Target.Type.Kind == units.AFV {
				kc.Odds.Aspect = c.Aspect.String()
			}
		}
		r.Hexes = append(r.Hexes, kc)
	}
	return r
}

// printKillzone prints the query and every hex where the shot may be fired.
func printKillzone(w io.Writer, r killzoneReport) error {
	turn := "facing " + r.FirerFacing
	if r.FirerFacing == "turns" {
		turn = "turning toward its target"
	}
	where := fmt.Sprintf("%s in %s (%s) against %s facing %s in every hex", r.Firer, r.At, turn, r.Target, r.Facing)
	if r.Reverse {
		where = fmt.Sprintf("%s facing %s in %s, fired at by %s (%s) from every hex", r.Target, r.Facing, r.At, r.Firer, turn)
	}
	fmt.Fprintf(w, "%s: %s\n", r.Rules, where)
	fmt.Fprintf(w, "%-5s %5s %-8s %5s %4s %7s %8s %10s\n", "hex", "range", "aspect", "to-hit", "hind", "hit", "destroy", "immobilize")
	shots := 0
	for _, c := range r.Hexes {
		if c.Odds == nil {
			continue
		}
		shots++
		fmt.Fprintf(w, "%-5s %5d %-8s %5d %4d %6.2f%% %7.2f%% %9.2f%%\n", c.Hex, c.Range, c.Odds.Aspect, c.Odds.ToHit,
			c.Odds.Hindrance, 100*c.Odds.Hit, 100*c.Odds.Destroy, 100*c.Odds.Immobilize)
	}
	fmt.Fprintf(w, "%d of %d hexes with a shot; best chance to destroy %.2f%%\n", shots, len(r.Hexes), 100*r.Max)
	if r.PNG != "" {
		fmt.Fprintf(w, "picture written to %s\n", r.PNG)
	}
	return nil
}

// writeKillzonePNG draws the map through preview with each hex tinted by
// its band and the fixed unit's counter, and a legend strip below.
func writeKillzonePNG(out string, bt *battle.Battle, z *killzone.Zone) error {
	sc := *bt.Scenario()
	placed := z.Query.Firer
	if z.Query.Reverse {
		placed = z.Query.Target
	}
	sc.Units = []maps.Placement{placed.Placement}
	tints := map[board.Hex]color.RGBA{}
	for _, c := range z.Cells {
		if shade, ok := killzone.Shade(c); ok {
			tints[c.Hex] = shade
		}
	}
	mapImg, err := preview.Draw(&sc, bt.Catalogue(), preview.Options{Tints: tints})
	if err != nil {
		return fmt.Errorf("killzone: %w", err)
	}
	const legendHeight = 24
	mb := mapImg.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, mb.Dx(), mb.Dy()+legendHeight))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.RGBA{24, 26, 22, 255}), image.Point{}, draw.Src)
	draw.Draw(img, mb, mapImg, mb.Min, draw.Src)
	d := font.Drawer{Dst: img, Src: image.NewUniform(color.White), Face: basicfont.Face7x13}
	x, y := 6, mb.Dy()+legendHeight/2
	d.Dot = fixed.P(x, y+4)
	d.DrawString("destroy:")
	x = d.Dot.X.Ceil() + 8
	for _, b := range killzone.Bands {
		swatch := color.RGBA{b.Colour.R, b.Colour.G, b.Colour.B, 255}
		draw.Draw(img, image.Rect(x, y-6, x+12, y+6), image.NewUniform(swatch), image.Point{}, draw.Src)
		d.Dot = fixed.P(x+16, y+4)
		d.DrawString(b.Label)
		x = d.Dot.X.Ceil() + 12
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return fmt.Errorf("killzone: --png %s: %w", out, err)
	}
	if err := fileio.WriteFileAtomic(out, buf.Bytes()); err != nil {
		return fmt.Errorf("killzone: --png: %w", err)
	}
	return nil
}
