package battle

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"hexfire/assets"
	"hexfire/combat/elimination"
	"hexfire/maps"
	"hexfire/units"
)

// copyDefaultScenario copies the embedded default scenario and its
// tileset into dir as dir/scenarios/NAME.tmx and dir/tiles/, as they lie
// in the assets, and returns the map's path.
func copyDefaultScenario(t *testing.T, dir string) string {
	t.Helper()
	for _, name := range []string{maps.DefaultPath, "tiles/hexfire-flat.tsx", "tiles/hexfire-flat.png"} {
		data, err := fs.ReadFile(assets.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, filepath.FromSlash(maps.DefaultPath))
}

// fileBattle plays a few orders of a battle on the scenario file source.
func fileBattle(t *testing.T, source string) *Battle {
	t.Helper()
	sc, err := OpenScenario(source, testCatalogue)
	if err != nil {
		t.Fatal(err)
	}
	b, err := New(sc, testCatalogue, Config{Seed: 3, Source: source})
	if err != nil {
		t.Fatal(err)
	}
	playRandom(t, b, rand.New(rand.NewPCG(3, 3)), 30)
	return b
}

func TestSaveNamesItsScenarioFromItsFolder(t *testing.T) {
	root := t.TempDir()
	copyDefaultScenario(t, root)
	t.Chdir(root)
	b := fileBattle(t, filepath.Join("scenarios", "hedgerow-crossroads.tmx"))
	save := filepath.Join(root, "saves", "s.json")
	if err := os.Mkdir(filepath.Dir(save), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := b.WriteSave(save); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(save)
	if !strings.Contains(string(data), `"scenario": "../scenarios/hedgerow-crossroads.tmx"`) {
		t.Errorf("the save names its scenario as\n%s\nwant the path from the save's folder", data)
	}
	// A link to the save in another folder leads to the same scenario.
	link := filepath.Join(root, "link.json")
	if err := os.Symlink(save, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	t.Chdir(t.TempDir()) // elsewhere: the scenario must be found from the save's folder
	if _, err := LoadSave(link, testCatalogue); err != nil {
		t.Errorf("LoadSave through a link in another folder: %v", err)
	}
	loaded, err := LoadSave(save, testCatalogue)
	if err != nil {
		t.Fatalf("LoadSave from another working directory: %v", err)
	}
	if loaded.Digest() != b.Digest() {
		t.Errorf("replayed digest %s, want %s", loaded.Digest(), b.Digest())
	}
	// Saved again elsewhere, the battle still names the same scenario.
	again := filepath.Join(t.TempDir(), "again.json")
	if err := loaded.WriteSave(again); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadSave(again, testCatalogue); err != nil {
		t.Errorf("a loaded battle saved elsewhere does not load: %v", err)
	}
}

func TestSaveRefusesAChangedScenario(t *testing.T) {
	dir := t.TempDir()
	tmx := copyDefaultScenario(t, dir)
	b := fileBattle(t, tmx)
	save := filepath.Join(dir, "s.json")
	if err := b.WriteSave(save); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(tmx)
	edited := strings.Replace(string(data), `value="Hedgerow Crossroads"`, `value="Hedgerow Crossroads, edited"`, 1)
	if edited == string(data) {
		t.Fatal("the title property to edit is not in the map")
	}
	if err := os.WriteFile(tmx, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadSave(save, testCatalogue)
	if !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), save) || !strings.Contains(err.Error(), "scenario_digest") {
		t.Fatalf("LoadSave over an edited map: error %v, want ErrChanged naming %s and the scenario", err, save)
	}
	loaded, warning, err := LoadSaveForced(save, testCatalogue, true)
	if err != nil {
		t.Fatalf("forced load: %v", err)
	}
	if !errors.Is(warning, ErrChanged) {
		t.Errorf("forced load: warning %v, want the change", warning)
	}
	if loaded.Digest() != b.Digest() {
		t.Errorf("forced load: digest %s, want %s", loaded.Digest(), b.Digest())
	}
}

func TestSaveRefusesAChangedCatalogue(t *testing.T) {
	b := defaultBattle(t, 2)
	playRandom(t, b, rand.New(rand.NewPCG(2, 2)), 20)
	save := filepath.Join(t.TempDir(), "s.json")
	if err := b.WriteSave(save); err != nil {
		t.Fatal(err)
	}
	files := fstest.MapFS{}
	names, _ := filepath.Glob("../units/data/*.txt")
	for i, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			data = append(data, "# an edited comment\n"...)
		}
		files["data/"+filepath.Base(name)] = &fstest.MapFile{Data: data}
	}
	edited, err := units.Load(files, "data", elimination.Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := LoadSave(save, edited); !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), "catalogue_digest") {
		t.Errorf("LoadSave with an edited catalogue: error %v, want ErrChanged naming the catalogue", err)
	}
	if _, err := LoadSave(save, testCatalogue); err != nil {
		t.Errorf("LoadSave with the same catalogue: %v", err)
	}
}

func TestVersion1SavesStillLoad(t *testing.T) {
	save := filepath.Join("..", "ai", "testdata", "golden", "saves", "seed-1.json")
	s, err := ReadSave(save)
	if err != nil {
		t.Fatal(err)
	}
	if s.Version != 1 || s.ScenarioDigest != "" {
		t.Fatalf("%s: version %d, scenario digest %q: not the version 1 save this test needs", save, s.Version, s.ScenarioDigest)
	}
	// The save was made under the rules of its day; a rule corrected since
	// may refuse one of its orders, and -force-load then goes on from the
	// orders before it. Either way the version 1 file is read and replayed.
	b, warning, err := LoadSaveForced(save, testCatalogue, true)
	if err != nil {
		t.Fatalf("LoadSaveForced of a version 1 save: %v", err)
	}
	if len(b.Orders()) == 0 {
		t.Errorf("no order of the version 1 save replayed (%v)", warning)
	}
	if _, strict := LoadSave(save, testCatalogue); (strict == nil) != (warning == nil) {
		t.Errorf("LoadSave error %v but forced warning %v: want both or neither", strict, warning)
	}
}

// TestVersion1SavesReplayExactly: the four version 1 saves of the golden
// battles, replayed on the default scenario as it stood when they were
// written (testdata/hedgerow-crossroads-v1.tmx, before the German squad in
// the crops joined it), come out in the saved state bit for bit: their
// moves go on through opportunity fire by themselves, and only a unit's
// own weapon is offered for it, as in their day.
func TestVersion1SavesReplayExactly(t *testing.T) {
	old, err := os.ReadFile(filepath.Join("testdata", "hedgerow-crossroads-v1.tmx"))
	if err != nil {
		t.Fatal(err)
	}
	then := fstest.MapFS{"scenarios/hedgerow-crossroads.tmx": {Data: old}}
	for _, tile := range []string{"tiles/hexfire-flat.tsx", "tiles/hexfire-flat.png"} {
		data, err := fs.ReadFile(assets.FS, tile)
		if err != nil {
			t.Fatal(err)
		}
		then[tile] = &fstest.MapFile{Data: data}
	}
	sc, err := maps.Load(then, "scenarios/hedgerow-crossroads.tmx", testCatalogue)
	if err != nil {
		t.Fatal(err)
	}
	for seed := 1; seed <= 4; seed++ {
		s, err := ReadSave(filepath.Join("..", "ai", "testdata", "golden", "saves", fmt.Sprintf("seed-%d.json", seed)))
		if err != nil {
			t.Fatal(err)
		}
		if s.Version != 1 {
			t.Fatalf("seed-%d.json: version %d, want a version 1 save", seed, s.Version)
		}
		b, err := Replay(sc, testCatalogue, s)
		if err != nil {
			t.Errorf("seed-%d.json: %v", seed, err)
			continue
		}
		if got := b.Save().Version; got != hexByHexVersion-1 {
			t.Errorf("seed-%d.json replayed is saved as version %d, want %d (the last with its rules)", seed, got, hexByHexVersion-1)
		}
	}
}

// TestForcedLoadGoesOnFromADivergence: a save whose order this build
// refuses is refused by LoadSave with the order's number; LoadSaveForced
// keeps the battle after the orders before it, with the same line as a
// warning, and loses nothing of the file.
func TestForcedLoadGoesOnFromADivergence(t *testing.T) {
	b := defaultBattle(t, 3)
	applied := playRandom(t, b, rand.New(rand.NewPCG(3, 99)), 30)
	s := b.Save()
	s.Orders = append(s.Orders, OrderRecord{Order: "fire", Unit: 1, Target: 1}) // at itself
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "diverged.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("order %d (fire)", applied+1)
	if _, err := LoadSave(path, testCatalogue); err == nil || !strings.Contains(err.Error(), want) || !errors.Is(err, ErrDiverged) {
		t.Errorf("LoadSave = %v, want ErrDiverged naming %s", err, want)
	}
	forced, warning, err := LoadSaveForced(path, testCatalogue, true)
	switch {
	case err != nil:
		t.Fatalf("LoadSaveForced: %v", err)
	case warning == nil || !strings.Contains(warning.Error(), want):
		t.Errorf("warning %v, want one naming %s", warning, want)
	case len(forced.Orders()) != applied || forced.Digest() != b.Digest():
		t.Errorf("forced load: %d orders, digest %.12s; want %d and %.12s", len(forced.Orders()), forced.Digest(), applied, b.Digest())
	}
	if after, _ := os.ReadFile(path); string(after) != string(data) {
		t.Error("the forced load changed the save file")
	}
}

func TestWriteSaveKeepsModeLinkAndCleansTemps(t *testing.T) {
	dir := t.TempDir()
	b := defaultBattle(t, 1)
	real := filepath.Join(dir, "real.json")
	if err := os.WriteFile(real, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(real, 0o640); err != nil { // whatever the umask
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink("real.json", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	stale := filepath.Join(dir, ".real.json.4242-0.tmp") // left by a killed save
	if err := os.WriteFile(stale, []byte("{half a sa"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := b.WriteSave(link); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the save through a link replaced the link (%v, %v)", st.Mode(), err)
	}
	st, err := os.Stat(real)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o640 {
		t.Errorf("the rewritten save has mode %v, want -rw-r----- kept", st.Mode().Perm())
	}
	if _, err := ReadSave(real); err != nil {
		t.Errorf("the link's target is not the new save: %v", err)
	}
	if _, err := os.Stat(stale); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the temp file of an interrupted save is still there (%v)", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("folder holds %d files after saving, want the save and the link", len(entries))
	}
}

func TestNewRefusesHexMetresOutOfRange(t *testing.T) {
	for _, metres := range []int{0, -1, maps.MaxHexMetres + 1, 1<<63 - 1} {
		sc := *defaultScenario(t)
		sc.HexMetres = metres
		_, err := New(&sc, testCatalogue, Config{Seed: 1})
		if err == nil || !strings.Contains(err.Error(), `"hex_m"`) {
			t.Errorf("hex_m %d: error %v, want one naming hex_m", metres, err)
		}
	}
}
