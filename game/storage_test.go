package game

import (
	"image"
	"io/fs"
	"strings"
	"testing"

	"hexfire/assets"
	"hexfire/battle"
	"hexfire/combat/elimination"
	"hexfire/game/storage"
	"hexfire/game/storage/storagetest"
	"hexfire/units"
)

// browserApp is an app of 1280×800 with scripted input keeping its files
// in kv, as the browser build keeps them in local storage.
func browserApp(t *testing.T, kv storagetest.MapValues) *App {
	t.Helper()
	cat, err := units.Default(elimination.Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewApp(AppOptions{Battle: Options{Size: image.Pt(1280, 800), Scripted: true}, Storage: storage.KeyStorage{Values: kv}, Catalogue: cat,
		NewSeed: func() (uint64, error) { return 7, nil }})
	if err != nil {
		t.Fatal(err)
	}
	a.LayoutF(1280, 800)
	return a
}

// TestBrowserSettingsAndSaves plays the app over a key-value storage as
// the browser build does: the settings, the autosave after an order, F5's
// save and F9's load, and the autosave gone when the battle ends.
func TestBrowserSettingsAndSaves(t *testing.T) {
	kv := storagetest.MapValues{}
	a := browserApp(t, kv)
	a.settings.HandOver = true
	a.writeSettings()
	if b := browserApp(t, kv); !b.settings.HandOver || b.message != "" {
		t.Fatalf("settings read back: hand-over %v, message %q", b.settings.HandOver, b.message)
	}
	if err := a.StartBattle(defaultBattle(t), nil); err != nil {
		t.Fatal(err)
	}
	g := a.scene.(*Game)
	g.save()
	if !strings.Contains(g.play.toast, "browser storage: hexfire-save.json") {
		t.Errorf("F5: toast %q, want the storage named", g.play.toast)
	}
	saved := g.battle.Digest()
	if !g.issue(battle.EndPhase{}) {
		t.Fatalf("end of the phase refused: %s", g.play.toast)
	}
	auto, err := a.store.ReadSave(autosaveName)
	if err != nil || len(auto.Orders) != 1 || auto.Digest != g.battle.Digest() {
		t.Fatalf("autosave after an order: %d orders, %v", len(auto.Orders), err)
	}
	g.load()
	if g.battle.Digest() != saved {
		t.Errorf("F9: digest %.12s, want the saved %.12s (%s)", g.battle.Digest(), saved, g.play.toast)
	}
	// The menu offers the autosave, and Continue opens it.
	a.toMenu()
	if m := a.scene.(*menu); m.resume == "" {
		t.Errorf("menu: no Continue over the autosave in the storage")
	}
	a.openSave(autosaveName, false)
	if _, ok := a.scene.(*Game); !ok {
		t.Fatalf("Continue: scene %T (%s)", a.scene, a.message)
	}
	// Replay on the menu steps through a save kept in the storage.
	if start, recorded, err := openReplay(a.store, autosaveName, a.opts.Catalogue); err != nil || start == nil || len(recorded.Orders()) != 0 {
		t.Errorf("replay of the autosave: %v; want the loaded battle's no orders", err)
	}
	newVictory(a, g.battle, true)
	if _, ok := kv["hexfire/"+autosaveName]; ok {
		t.Errorf("the victory screen of a battle played here left its autosave")
	}
}

// TestPickedFiles opens files as the browser's file dialog hands them
// over: a scenario map joins the picker and its battle saves and loads
// with the map read from the storage; a save picked goes on with its
// battle; other files are refused with their names.
func TestPickedFiles(t *testing.T) {
	kv := storagetest.MapValues{}
	a := browserApp(t, kv)
	tmx, err := fs.ReadFile(assets.FS, "scenarios/le-dezert.tmx")
	if err != nil {
		t.Fatal(err)
	}
	a.openPicked([]pickedFile{{name: "my-map.tmx", data: tmx}})
	p, ok := a.scene.(*picker)
	if !ok {
		t.Fatalf("after picking a map: scene %T (%s), want the picker", a.scene, a.message)
	}
	e := a.scenarios()[p.chosen]
	if e.source != "stored:scenarios/my-map.tmx" || e.err != nil {
		t.Fatalf("chosen entry %q, %v", e.source, e.err)
	}
	b, err := battle.New(e.sc, a.opts.Catalogue, battle.Config{Seed: 3, Source: e.source})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.store.WriteSave(b, "saves/mine.json"); err != nil {
		t.Fatal(err)
	}
	save := kv["hexfire/saves/mine.json"]
	if _, err := storage.LoadSave(a.store, "saves/mine.json", a.opts.Catalogue); err != nil {
		t.Fatalf("a save on a picked map: %v", err)
	}

	a = browserApp(t, kv)
	a.openPicked([]pickedFile{{name: `C:\fakepath\mine.json`, data: save}})
	if _, ok := a.scene.(*Game); !ok {
		t.Errorf("after picking a save: scene %T (%s), want the battle", a.scene, a.message)
	}

	for _, c := range []struct {
		files []pickedFile
		want  string
	}{
		{[]pickedFile{{name: "notes.txt"}}, "notes.txt: not a scenario"},
		{[]pickedFile{{name: "a.json", data: save}, {name: "b.json", data: save}}, "pick one save alone"},
		{[]pickedFile{{name: "tiles.tsx"}}, "no map picked"},
		{[]pickedFile{{name: "big.tmx", data: make([]byte, storage.MaxStoredBytes+1)}}, "big.tmx: 67108865 bytes"},
		{[]pickedFile{{name: "bad.tmx", data: []byte("<map")}}, "bad.tmx"},
	} {
		a := browserApp(t, storagetest.MapValues{})
		a.openPicked(c.files)
		if _, ok := a.scene.(*menu); !ok || !strings.Contains(a.message, c.want) {
			t.Errorf("picking %q: scene %T, message %q; want the menu saying %q", c.files[0].name, a.scene, a.message, c.want)
		}
	}
}

// TestBrowserQuickBattle: a quick battle's map is kept in the storage,
// found again from its save with the embedded tileset.
func TestBrowserQuickBattle(t *testing.T) {
	kv := storagetest.MapValues{}
	a := browserApp(t, kv)
	q := newQuick(a)
	q.size = 0 // the smallest map, 12×10
	q.start(a)
	br, ok := a.scene.(*briefing)
	if !ok {
		t.Fatalf("after Generate: scene %T (%s)", a.scene, q.problem)
	}
	if _, ok := kv["hexfire/scenarios/quick-7.tmx"]; !ok || br.entry.source != "stored:scenarios/quick-7.tmx" {
		t.Fatalf("quick battle kept as %q; storage keys %d", br.entry.source, len(kv))
	}
	b, err := battle.New(br.entry.sc, a.opts.Catalogue, battle.Config{Seed: 7, Source: br.entry.source})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.store.WriteSave(b, autosaveName); err != nil {
		t.Fatal(err)
	}
	if _, err := storage.LoadSave(a.store, autosaveName, a.opts.Catalogue); err != nil {
		t.Errorf("the quick battle's save: %v", err)
	}
}
