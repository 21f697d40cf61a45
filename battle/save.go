package battle

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"hexfire/assets"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/fileio"
	"hexfire/maps"
	"hexfire/units"
)

// SaveFormat and SaveVersion identify Hexfire save files. Version 2 adds
// the digests of the scenario's files and of the catalogue, and stores a
// scenario file's path relative to the save's folder; version 3 adds the
// reasoning a computer player gave with its orders ("why"); version 4
// adds the order "resolve", and under simultaneous fire its Fire orders
// declare their shots, rolled when the fire is resolved; version 5 lets
// each unit of an attack throw a grenade (rules 12.52), where older saves
// threw one an attack; version 6 has a mortar's attack roll against each
// vehicle of its hex (rules 12.67), where older saves' mortars fired AP at
// the infantry or AT at one vehicle; version 7 ends a battle drawn at
// once when both sides meet a destroy or exit clause by one order, where
// older saves played on to the last turn; version 8 records whether the
// battle is fought under fog of war ("fog"), where older saves followed
// the scenario's map property; version 9 lets an assault declare a
// magnetic mine ("mine"), which acts on the defending vehicles alone,
// where older saves' German infantry rolled the mine check in every
// assault it applied to and a success with the mine took the whole hex;
// version 10 ends a side's opportunity fire, under fog, once it sees none
// of the movers any more (a shot made the mover reverse out of its
// sight), where older saves kept offering it; version 11 has an overrun
// under fog run into the enemy units its side did not know of on its way
// as any move does, and fall back out of its target when they bar the
// hex beyond, where older saves drove on through them; version 12 lets
// the passengers of an abandoned transport get out into its hex where the
// ruleset says so (the default ruleset), where older saves lost them with
// it. Saves of every
// version from 1 (a path as
// the command line gave it, no digests) are still read and replayed by
// their own rules (Config.Version); a battle replayed from one is saved
// as the last version with those rules. A save holds orders only: what
// each side knows is derived from them, and a save that claims any
// knowledge is refused.
const (
	SaveFormat  = "hexfire-save"
	SaveVersion = abandonUnloadVersion
)

// fogVersion is the save version that records the battle's fog (Save.Fog).
const fogVersion = 8

// MaxSaveBytes is the largest save file Hexfire reads; it is checked
// before the file is read.
const MaxSaveBytes = 64 << 20

// EmbeddedPrefix marks a scenario source inside the program's embedded
// assets rather than on disk.
const EmbeddedPrefix = "embedded:"

// ErrChanged is wrapped by the error of a save whose scenario files or
// catalogue differ from the ones it was played on.
var ErrChanged = errors.New("changed since the battle was saved")

// Save is a saved battle: where it was fought, its seed and every order so
// far. Loading replays the orders; Digest, the state after them, must come
// out the same, bit for bit.
type Save struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// Scenario is "embedded:PATH" or a file. In a file written by
	// WriteSave (version 2) a relative path is relative to the save's
	// folder, with slashes; ReadSave returns it resolved, usable as it is.
	Scenario string `json:"scenario"`
	// ScenarioDigest and CatalogueDigest (version 2) are maps.Scenario's
	// and units.Catalogue's Digest when the battle started.
	ScenarioDigest  string `json:"scenario_digest,omitempty"`
	CatalogueDigest string `json:"catalogue_digest,omitempty"`
	Ruleset         string `json:"ruleset"`
	// Fog (version 8): the battle is fought under fog of war. Older saves
	// fought as their scenario's map property "fog" said.
	Fog    *bool         `json:"fog,omitempty"`
	Seed   uint64        `json:"seed"`
	Orders []OrderRecord `json:"orders"`
	Digest string        `json:"digest"`
}

// OrderRecord is one order as a save file stores it. Hexes are labels
// ("E4"); a pose is a label and a direction ("E4 N").
type OrderRecord struct {
	Order       string   `json:"order"`
	Unit        UnitID   `json:"unit,omitempty"`
	Target      UnitID   `json:"target,omitempty"`
	Leader      UnitID   `json:"leader,omitempty"`
	Carrier     UnitID   `json:"carrier,omitempty"`
	Panzerfaust bool     `json:"panzerfaust,omitempty"`
	Desperation bool     `json:"desperation,omitempty"`
	Ammo        string   `json:"ammo,omitempty"`
	Second      UnitID   `json:"second,omitempty"`
	Hex         string   `json:"hex,omitempty"`
	Facing      string   `json:"facing,omitempty"`
	Path        []string `json:"path,omitempty"`
	Units       []UnitID `json:"units,omitempty"`
	// Grenades (versions 1 to 4): the attack threw a grenade; GrenadeCount
	// (version 5): how many it threw (rules 12.52).
	Grenades     bool   `json:"grenades,omitempty"`
	GrenadeCount int    `json:"grenade_count,omitempty"`
	Edge         string `json:"edge,omitempty"`
	// OwnerAllocates (a FireAP) and Losses (an Allocate): the owner's
	// casualty allocation.
	OwnerAllocates bool     `json:"owner_allocates,omitempty"`
	Losses         []string `json:"losses,omitempty"`
	// Mission is the kind of off-board mission a call-fire order calls;
	// Smoke, that it fires a smoke barrage instead.
	Mission string `json:"mission,omitempty"`
	Smoke   bool   `json:"smoke,omitempty"`
	// Mine (version 9, an assault) declares a magnetic mine attack.
	Mine bool `json:"mine,omitempty"`
	// Lane (a FireAP) is the pattern of the MG fire lane the attack lays:
	// "straight", "left" or "right" (rules 13.9); absent for none.
	Lane string `json:"lane,omitempty"`
	// Why (version 3) is the reasoning the order was given with, as
	// Explain recorded it; it plays no part in the replay or the digest.
	Why string `json:"why,omitempty"`
}

// grenades is how many grenade counters the recorded attack threw: its
// count, or one where an older save wrote only that it threw some.
func (r OrderRecord) grenades() int {
	if r.GrenadeCount == 0 && r.Grenades {
		return 1
	}
	return r.GrenadeCount
}

// Save returns the battle as a save file.
func (b *Battle) Save() Save {
	s := Save{Format: SaveFormat, Version: b.saveVersion(), Scenario: b.config.Source,
		ScenarioDigest: b.scenario.Digest, CatalogueDigest: b.catalogue.Digest(),
		Ruleset: b.config.Ruleset, Seed: b.config.Seed, Digest: b.Digest(), Orders: []OrderRecord{}}
	if s.Version >= fogVersion {
		s.Fog = &b.fog
	}
	for i, o := range b.orders {
		r := o.record(b.Board())
		r.Why = b.why[i]
		s.Orders = append(s.Orders, r)
	}
	return s
}

// Explain records why the last order applied was given (a computer
// player's reasoning), for the save to keep with it; "" records nothing.
func (b *Battle) Explain(why string) {
	i := len(b.orders) - 1
	if i < 0 || why == "" {
		return
	}
	if b.why == nil {
		b.why = map[int]string{}
	}
	b.why[i] = why
}

// Why returns the reasoning recorded with order i (from 0) by Explain or
// a save, or "" when none was.
func (b *Battle) Why(i int) string { return b.why[i] }

// order turns a record back into an order, against board bd's labels.
func (r OrderRecord) order(bd *board.Board) (Order, error) {
	for _, k := range orderKinds {
		if k.Name() == r.Order {
			return k.parse(r, bd)
		}
	}
	return nil, fmt.Errorf("field \"order\": unknown order %s", fileio.Quote(r.Order))
}

func parsePose(bd *board.Board, s string) (board.Pose, error) {
	f := strings.Fields(s)
	if len(f) != 2 {
		return board.Pose{}, fmt.Errorf("pose %s: want a hex and a direction, like \"E4 N\"", fileio.Quote(s))
	}
	h, err := bd.ParseHex(f[0])
	if err != nil {
		return board.Pose{}, fmt.Errorf("pose %s: %w", fileio.Quote(s), err)
	}
	d, err := parseDirection(f[1])
	if err != nil {
		return board.Pose{}, fmt.Errorf("pose %s: %w", fileio.Quote(s), err)
	}
	return board.Pose{Hex: h, Facing: d}, nil
}

func parseDirection(s string) (board.Direction, error) {
	for d := range board.Direction(6) {
		if d.String() == s {
			return d, nil
		}
	}
	return 0, fmt.Errorf("direction %s is not one of N, NE, SE, S, SW, NW", fileio.Quote(s))
}

// WriteSave writes the battle's save file atomically: to a temporary file
// in the same folder, synced, then renamed over path, so a crash never
// leaves a half-written save in place of a good one. A scenario file is
// named relative to the save's folder, so the save and its map can move
// together. Through a symbolic link the save replaces the link's target
// and the link stays; an existing save keeps its permissions. Temporary
// files that an interrupted save left beside it are removed.
func (b *Battle) WriteSave(path string) error {
	s := b.Save()
	s.Scenario = relativeSource(s.Scenario, saveFolder(path))
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("battle: save %s: %w", path, err)
	}
	if err := writeAtomic(path, append(data, '\n')); err != nil {
		return fmt.Errorf("battle: save %s: %w", path, err)
	}
	return nil
}

// relativeSource is source as a save in folder dir names it: a scenario
// file relative to dir (slashes) when it can be, else absolute.
func relativeSource(source, dir string) string {
	if strings.HasPrefix(source, EmbeddedPrefix) {
		return source
	}
	abs, err := filepath.Abs(source)
	if err != nil {
		return source
	}
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	if rel, err := filepath.Rel(absDir, abs); err == nil {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(abs)
}

// saveFolder is the folder of the save file at path, through symbolic
// links: a scenario path in a save is relative to the folder where the
// save's bytes lie, whichever path leads there.
func saveFolder(path string) string {
	if target, err := filepath.EvalSymlinks(path); err == nil {
		return filepath.Dir(target)
	}
	return filepath.Dir(path)
}

// resolveSource is the scenario a save at path names, usable from the
// working directory: version 2 paths are relative to the save's folder,
// version 1 paths to the working directory (as those saves were written).
func resolveSource(s Save, path string) string {
	if s.Version < 2 || strings.HasPrefix(s.Scenario, EmbeddedPrefix) {
		return s.Scenario
	}
	p := filepath.FromSlash(s.Scenario)
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(saveFolder(path), p)
}

// tempSuffix ends the name of a save being written; tempPrefix(base)
// starts it.
const tempSuffix = ".tmp"

func tempPrefix(base string) string { return "." + base + "." }

func writeAtomic(path string, data []byte) (err error) {
	// Write where a symbolic link points, so the link stays a link.
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	mode := fs.FileMode(0o666) // less the umask, as os.Create
	keepMode := false
	if st, err := os.Stat(path); err == nil {
		mode, keepMode = st.Mode().Perm(), true
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := createTemp(dir, base, mode)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	if keepMode {
		err = tmp.Chmod(mode) // exactly the old mode, whatever the umask
	}
	if err == nil {
		_, err = tmp.Write(data)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err == nil {
		removeStaleTemps(dir, base)
	}
	return err
}

// createTemp creates a new temporary file beside base in dir, named by
// tempPrefix and tempSuffix, with mode (less the umask).
func createTemp(dir, base string, mode fs.FileMode) (*os.File, error) {
	var err error
	for try := range 100 {
		name := filepath.Join(dir, fmt.Sprintf("%s%d-%d%s", tempPrefix(base), os.Getpid(), try, tempSuffix))
		var f *os.File
		f, err = os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, mode)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
	}
	return nil, err
}

// removeStaleTemps removes the temporary files of saves of base in dir
// that a killed or failed write left behind. Errors are ignored: the save
// itself is written.
func removeStaleTemps(dir, base string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		if e.Type().IsRegular() && strings.HasPrefix(name, tempPrefix(base)) && strings.HasSuffix(name, tempSuffix) {
			os.Remove(filepath.Join(dir, name))
		}
	}
}

// ReadSave reads and checks a save file without replaying it. Only a
// regular file of at most MaxSaveBytes is read (a named pipe is refused
// before it is opened). The returned Scenario is resolved against the
// save's folder (version 2).
func ReadSave(path string) (Save, error) {
	data, err := fileio.ReadFile(path, MaxSaveBytes)
	if err != nil {
		return Save{}, fmt.Errorf("battle: load %s: %w", path, err)
	}
	s, err := ParseSave(data)
	if err != nil {
		return Save{}, fmt.Errorf("battle: load %s: %w", path, err)
	}
	s.Scenario = resolveSource(s, path)
	return s, nil
}

// ParseSave decodes and checks the fields of a save file's bytes, of
// every version this build reads. A version 2 or later Scenario is left
// as the file has it.
func ParseSave(data []byte) (Save, error) {
	var f struct {
		Save
		claims
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return Save{}, fmt.Errorf("not a readable save file (truncated or corrupt?): %w", err)
	}
	if err := f.claims.check(); err != nil {
		return Save{}, err
	}
	s := f.Save
	if _, err := dec.Token(); err != io.EOF {
		return Save{}, fmt.Errorf("not a readable save file: something follows the save's JSON object (corrupt?)")
	}
	switch {
	case s.Format != SaveFormat:
		return Save{}, fmt.Errorf("field \"format\": %s is not %q", fileio.Quote(s.Format), SaveFormat)
	case s.Version < 1 || s.Version > SaveVersion:
		return Save{}, fmt.Errorf("field \"version\": %d, but this Hexfire reads versions 1 to %d", s.Version, SaveVersion)
	case s.Scenario == "":
		return Save{}, errors.New("field \"scenario\" is empty")
	case len(s.Digest) != sha256.Size*2:
		return Save{}, fmt.Errorf("field \"digest\": %s is not a state digest", fileio.Quote(s.Digest))
	}
	if s.Version == 1 && (s.ScenarioDigest != "" || s.CatalogueDigest != "") {
		return Save{}, errors.New("field \"scenario_digest\" or \"catalogue_digest\" in a version 1 save")
	}
	switch {
	case s.Version < fogVersion && s.Fog != nil:
		return Save{}, fmt.Errorf("field \"fog\" in a version %d save", s.Version)
	case s.Version >= fogVersion && s.Fog == nil:
		return Save{}, fmt.Errorf("field \"fog\" is missing: a version %d save says whether its battle is fought under fog", s.Version)
	}
	// "why" came with version 3, but a battle replayed from a version 1
	// save is saved as version 2 (the last with its rules) and keeps the
	// reasons the computer gave after it.
	for i, r := range s.Orders {
		switch {
		case s.Version < 2 && r.Why != "":
			return Save{}, fmt.Errorf("order %d: field \"why\" in a version %d save", i+1, s.Version)
		case s.Version < mineDeclaredVersion && r.Mine:
			return Save{}, fmt.Errorf("order %d: field \"mine\" in a version %d save", i+1, s.Version)
		}
	}
	if s.Version >= 2 {
		for _, f := range []struct{ name, value string }{{"scenario_digest", s.ScenarioDigest}, {"catalogue_digest", s.CatalogueDigest}} {
			if len(f.value) != sha256.Size*2 {
				return Save{}, fmt.Errorf("field %q: %s is not a sha256 digest", f.name, fileio.Quote(f.value))
			}
		}
	}
	return s, nil
}

// OpenScenario loads the scenario a save file or the command line names:
// "embedded:PATH" inside the program's assets, anything else from disk.
func OpenScenario(source string, cat *units.Catalogue) (*maps.Scenario, error) {
	if p, ok := strings.CutPrefix(source, EmbeddedPrefix); ok {
		return maps.Load(assets.FS, p, cat)
	}
	return maps.LoadFile(source, cat)
}

// OpenSaveScenario loads the scenario of save s (as ReadSave returns it)
// and checks it and cat against the digests the save recorded: an error
// wrapping ErrChanged says which changed. A version 1 save has no digests
// to check.
func OpenSaveScenario(s Save, cat *units.Catalogue) (*maps.Scenario, error) {
	sc, err := OpenScenario(s.Scenario, cat)
	if err != nil {
		return nil, fmt.Errorf("field \"scenario\": %w", err)
	}
	if s.Version < 2 {
		return sc, nil
	}
	if sc.Digest != s.ScenarioDigest {
		return sc, fmt.Errorf("field \"scenario_digest\": the scenario %s was %w (digest %.12s…, saved %.12s…)", s.Scenario, ErrChanged, sc.Digest, s.ScenarioDigest)
	}
	if d := cat.Digest(); d != s.CatalogueDigest {
		return sc, fmt.Errorf("field \"catalogue_digest\": the unit catalogue was %w (digest %.12s…, saved %.12s…)", ErrChanged, d, s.CatalogueDigest)
	}
	return sc, nil
}

// Replay rebuilds a saved battle on its scenario by applying its orders
// with its seed. An order the battle refuses, or a final state that differs
// from the saved digest, is an error: the save belongs to another scenario
// or version, or was changed by hand.
func Replay(sc *maps.Scenario, cat *units.Catalogue, s Save) (*Battle, error) {
	b, diverged, err := replay(sc, cat, s)
	if err == nil {
		err = diverged
	}
	if err != nil {
		return nil, err
	}
	return b, nil
}

// ConfigOf is the configuration the battle of save s started from, with
// the rules of its version.
func ConfigOf(s Save) Config {
	c := Config{Seed: s.Seed, Ruleset: s.Ruleset, Source: s.Scenario, Version: s.Version}
	if s.Fog != nil {
		c.Fog = FogSettingOf(*s.Fog)
	}
	return c
}

// claims are the parts of a side's view a save file might carry; a save
// holds orders only, and knowledge is always derived from them, so a save
// with any of these is refused rather than trusted or silently dropped.
type claims struct {
	Knowledge json.RawMessage `json:"knowledge"`
	View      json.RawMessage `json:"view"`
	Own       json.RawMessage `json:"own"`
	Enemy     json.RawMessage `json:"enemy"`
	Contacts  json.RawMessage `json:"contacts"`
	Spotted   json.RawMessage `json:"spotted"`
	LastSeen  json.RawMessage `json:"last_seen"`
}

// check refuses a save that claims knowledge, naming the first field.
func (c claims) check() error {
	for _, f := range []struct {
		name  string
		value json.RawMessage
	}{{"knowledge", c.Knowledge}, {"view", c.View}, {"own", c.Own}, {"enemy", c.Enemy},
		{"contacts", c.Contacts}, {"spotted", c.Spotted}, {"last_seen", c.LastSeen}} {
		if f.value != nil {
			return fmt.Errorf("field %q: a save holds orders only; what each side knows is derived from them, never read from the file", f.name)
		}
	}
	return nil
}

// replay is Replay that keeps the battle when the save diverges from it:
// the state after the last order the battle accepts, and the divergence
// (a refused order or a different final state) as diverged.
func replay(sc *maps.Scenario, cat *units.Catalogue, s Save) (b *Battle, diverged, err error) {
	b, err = New(sc, cat, ConfigOf(s))
	if err != nil {
		return nil, nil, err
	}
	for i, r := range s.Orders {
		o, err := r.order(sc.Board)
		if err == nil {
			_, err = b.Apply(o)
		}
		if err != nil {
			return b, fmt.Errorf("battle: replay: order %d (%s): %w", i+1, r.Order, err), nil
		}
		b.Explain(r.Why)
	}
	if d := b.Digest(); d != s.Digest {
		return b, fmt.Errorf("battle: replay: the state after %d orders differs from the saved one (digest %.12s…, saved %.12s…)", len(s.Orders), d, s.Digest), nil
	}
	return b, nil, nil
}

// ErrDiverged marks a save whose replay this build refuses or ends in
// another state: made by another version (whose rules have since been
// corrected) or edited by hand. LoadSaveForced goes on from it.
var ErrDiverged = errors.New("the save's replay diverges from this build")

// LoadSave reads a save file and replays it on its scenario. A scenario
// or catalogue changed since the save is refused (ErrChanged).
func LoadSave(path string, cat *units.Catalogue) (*Battle, error) {
	b, _, err := LoadSaveForced(path, cat, false)
	return b, err
}

// LoadSaveForced is LoadSave that, when force is set, goes on where a
// strict load stops, and returns what it overrode as a warning: a
// scenario or catalogue changed since the save is replayed anyway, and a
// replay that diverges (a save made under rules this build has since
// corrected, whose order it now refuses) keeps the battle as it stands
// after the last order it accepts.
func LoadSaveForced(path string, cat *units.Catalogue, force bool) (b *Battle, warning, err error) {
	s, err := ReadSave(path)
	if err != nil {
		return nil, nil, err
	}
	sc, err := OpenSaveScenario(s, cat)
	if err != nil && !(force && sc != nil && errors.Is(err, ErrChanged)) {
		return nil, nil, fmt.Errorf("battle: load %s: %w", path, err)
	}
	var warnings []error
	if err != nil {
		warnings = append(warnings, fmt.Errorf("battle: load %s: %w; replaying it anyway", path, err))
	}
	b, diverged, err := replay(sc, cat, s)
	switch {
	case err != nil:
		return nil, nil, fmt.Errorf("battle: load %s: %w", path, err)
	case diverged != nil && !force:
		return nil, nil, fmt.Errorf("battle: load %s: %w (%w)", path, diverged, ErrDiverged)
	case diverged != nil:
		warnings = append(warnings, fmt.Errorf("battle: load %s: %w; the battle goes on after the %d orders replayed", path, diverged, len(b.Orders())))
	}
	return b, errors.Join(warnings...), nil
}

// snapshot is the whole state of a battle in a canonical form.
type snapshot struct {
	Turn         int
	Phasing      maps.Side
	Phase        Phase
	Units        []unitSnapshot
	Smoke        map[string]int
	Supply       map[maps.Side]int
	Panzerfausts map[maps.Side]int
	Pending      *pendingMove
	Result       *Result
	Dice         int
	// Added with infantry combat; empty, they leave older digests as they were.
	Grenades   map[maps.Side]int `json:",omitempty"`
	Assaulted  []string          `json:",omitempty"`
	FireGroups []string          `json:",omitempty"`
	// Added with simultaneous fire; empty, they leave older digests as
	// they were.
	Held         []heldAttack   `json:",omitempty"`
	Declared     []declaredShot `json:",omitempty"`
	FireResolved bool           `json:",omitempty"`
	// Added with the owner's casualty allocation; empty, it leaves older
	// digests as they were.
	Allocation *pendingAllocation `json:",omitempty"`
	// Added with snipers; empty (no sniper_SIDE property), it leaves
	// older digests as they were.
	Snipers map[maps.Side]sniper `json:",omitempty"`
	// Added with off-board support; empty (no support_SIDE property), it
	// leaves older digests as they were.
	Support map[maps.Side][]maps.SupportMissions `json:",omitempty"`
	// Added with MG fire lanes; empty, it leaves older digests as they
	// were.
	Lanes []string `json:",omitempty"`
}

type unitSnapshot struct {
	ID          UnitID
	Hex         board.Hex
	Facing      board.Direction
	Markers     Markers
	Eliminated  bool
	Carrier     UnitID
	WeaponSpent bool
	// Type is set when the unit is no longer its placement's type (a
	// reduced squad).
	Type string `json:",omitempty"`
	// Added with ruleset states and placements' loadouts; empty (and the
	// weapon and quality as the type has them), they leave older digests as
	// they were.
	WeaponLost    string           `json:",omitempty"`
	States        map[string]State `json:",omitempty"`
	SupportWeapon string           `json:",omitempty"`
	Quality       combat.Quality   `json:",omitempty"`
	Rounds        int              `json:",omitempty"`
	// Added with reinforcements: a unit still to arrive, or the edge it
	// left by; both empty for a unit on the map.
	Waiting bool      `json:",omitempty"`
	Exited  maps.Edge `json:",omitempty"`
	// Added with dummy counters: a dummy taken off the map (none in the
	// scenarios of older saves).
	Vanished bool `json:",omitempty"`
}

// Digest is a fingerprint of the battle's whole state (sha256, hex): equal
// digests mean equal battles.
func (b *Battle) Digest() string {
	s := snapshot{Turn: b.turn, Phasing: b.phasing, Phase: b.phase, Smoke: map[string]int{},
		Supply: b.supply, Panzerfausts: b.panzerfausts, Pending: b.pending, Result: b.result, Dice: b.dice.count,
		Grenades: b.grenades, Held: b.held, Declared: b.declared, FireResolved: b.fireResolved, Allocation: b.allocation,
		Snipers: b.snipers, Support: b.support}
	for _, u := range b.units {
		us := unitSnapshot{ID: u.ID, Hex: u.Pose.Hex, Facing: u.Pose.Facing, Markers: u.Markers, Eliminated: u.Eliminated,
			Carrier: u.Carrier, WeaponSpent: u.WeaponSpent, WeaponLost: u.WeaponLost, States: u.States, Rounds: u.Rounds,
			Waiting: u.Waiting(), Exited: u.exited, Vanished: u.Vanished()}
		if u.Type.Name != u.Placement.Type {
			us.Type = u.Type.Name
		}
		if u.SupportWeapon != u.Type.Weapon {
			us.SupportWeapon = u.SupportWeapon
			if us.SupportWeapon == "" {
				us.SupportWeapon = "none" // its type's weapon gone (a placement's "none", or handed on)
			}
		}
		if u.Quality != combat.QualityOf(u.Type) {
			us.Quality = u.Quality
		}
		s.Units = append(s.Units, us)
	}
	for _, h := range b.assaulted {
		s.Assaulted = append(s.Assaulted, b.Board().Label(h))
	}
	for _, g := range b.fireGroups {
		s.FireGroups = append(s.FireGroups, b.Board().Label(g.From)+">"+b.Board().Label(g.To))
	}
	for h, level := range b.smoke {
		s.Smoke[b.Board().Label(h)] = level
	}
	for _, l := range b.lanes {
		labels := make([]string, len(l.Hexes))
		for i, h := range l.Hexes {
			labels[i] = b.Board().Label(h)
		}
		s.Lanes = append(s.Lanes, fmt.Sprintf("%s #%d %s: %s", l.Side, l.Firer, l.Weapon, strings.Join(labels, " ")))
	}
	data, err := json.Marshal(s)
	if err != nil {
		panic("battle: digest: " + err.Error()) // plain data: cannot fail
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// CanUndo reports whether the last order can be taken back: a move or turn
// that finished without giving the other side a shot and rolled no die,
// or an AT shot declared under simultaneous fire.
func (b *Battle) CanUndo() bool { return b.undoable }

// Undo takes back the last order when CanUndo allows it, by replaying the
// battle without it.
func (b *Battle) Undo() error {
	if b.config.Dice != nil {
		return errors.New("battle: a battle with injected dice cannot be replayed, so it cannot undo")
	}
	if !b.undoable {
		return errors.New("battle: nothing to undo: only a move that rolled no die and gave no shot can be taken back")
	}
	fresh, err := New(b.scenario, b.catalogue, b.config)
	if err != nil {
		return err
	}
	for i, o := range b.orders[:len(b.orders)-1] {
		if _, err := fresh.Apply(o); err != nil {
			return fmt.Errorf("battle: undo: %w", err)
		}
		fresh.Explain(b.why[i])
	}
	*b = *fresh
	b.undoable = false
	return nil
}
