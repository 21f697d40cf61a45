package game

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"hexfire/game/storage"
	"hexfire/game/ui"
)

// pickedFile is a file the player handed to the game: picked in the
// browser's file dialog.
type pickedFile struct {
	name string
	data []byte
}

// maxPickedFiles bounds the files taken from one pick: a map, its
// tilesets and templates, and a few saves (our own bound, far above what
// a scenario needs).
const maxPickedFiles = 64

// storedScenarios is the folder of the storage that keeps the scenario
// files a player picked, beside "../tiles" of the embedded assets.
const storedScenarios = scenarioFolder

// openPicked keeps the files the player picked and opens them: a save
// (.json) goes on with its battle; scenario files (.tmx with the .tsx,
// .tx and .png files they name) are kept in the storage and the maps join
// the picker's list, which is shown.
func (a *App) openPicked(files []pickedFile) {
	if err := a.keepPicked(files); err != nil {
		a.message = err.Error()
		a.toMenu()
	}
}

func (a *App) keepPicked(files []pickedFile) error {
	if !a.kept() {
		return fmt.Errorf("cannot open picked files: this game keeps no files")
	}
	if len(files) > maxPickedFiles {
		return fmt.Errorf("%d files picked: pick at most %d at once", len(files), maxPickedFiles)
	}
	var maps, saves []string
	for _, f := range files {
		base := path.Base(strings.ReplaceAll(f.name, "\\", "/"))
		if len(f.data) > storage.MaxStoredBytes {
			return fmt.Errorf("%s: %d bytes, more than %d", base, len(f.data), storage.MaxStoredBytes)
		}
		var name string
		switch ext := strings.ToLower(path.Ext(base)); ext {
		case ".json":
			name = "saves/" + base
			saves = append(saves, name)
		case ".tmx", ".tsx", ".tx", ".png":
			name = storedScenarios + "/" + base
			if ext == ".tmx" {
				maps = append(maps, name)
			}
		default:
			return fmt.Errorf("%s: not a scenario (.tmx, .tsx, .tx, .png) or a save (.json)", base)
		}
		if err := a.store.Write(name, f.data); err != nil {
			return err
		}
	}
	switch {
	case len(saves) > 1 || len(saves) == 1 && len(maps) > 0:
		return fmt.Errorf("pick one save alone, or a scenario's files")
	case len(saves) == 1:
		a.openSave(saves[0], false)
		return nil
	case len(maps) == 0:
		return fmt.Errorf("no map picked: pick the scenario's .tmx with the files it names")
	}
	a.scenarios() // the embedded list first
	for _, name := range maps {
		e := scenarioEntry{source: storage.StoredPrefix + name}
		if e.sc, e.err = storage.OpenScenario(a.store, e.source, a.opts.Catalogue); e.err == nil {
			e.victory, e.err = victoryOf(e.sc)
		}
		if e.err != nil {
			return e.err
		}
		// A map picked again replaces its entry.
		a.catalog = slices.DeleteFunc(a.catalog, func(old scenarioEntry) bool { return old.source == e.source })
		a.catalog = append(a.catalog, e)
	}
	p := newPicker(a)
	p.show(len(a.catalog) - 1)
	a.goTo(p)
	return nil
}

// browserMenu adapts the title menu's buttons to a browser, which has no
// folder the player could put a save or a map in and no program to quit:
// a Files button after Replay (before Play over distance) opens the files screen, and
// Quit goes (a page is left by closing it). A desktop keeps the buttons.
func (a *App) browserMenu(items []ui.Button) []ui.Button {
	if !inBrowser {
		return items
	}
	files := ui.Button{Label: "Files: open a scenario or save, download saves", Do: func() { a.goTo(newFilesScreen(a)) }}
	at := slices.IndexFunc(items, func(b ui.Button) bool { return b.Label == "Play over distance" })
	items = slices.Insert(items, max(at, 0), files)
	return items[:len(items)-1]
}

// newFilesScreen offers the browser's file dialog (a scenario's files or
// a save) and the downloads of the saves kept in the browser.
func newFilesScreen(a *App) *columnScreen {
	s := &columnScreen{title: "Files", top: 0.3,
		text: "Open a scenario: pick its .tmx map with the .tsx tilesets and .png images it names (the embedded " +
			"tilesets need not be picked). Open a save: pick one .json file. The browser keeps what you open; " +
			"a download is a file for another browser or the desktop game."}
	s.list.Items = append(s.list.Items, ui.Button{Label: "Open a scenario or a save…", Do: func() {
		if err := pickFiles(); err != nil {
			a.message = err.Error()
			a.toMenu()
		}
	}})
	for _, name := range []string{DefaultSavePath, autosaveName, replayName} {
		_, err := a.storage().Read(name)
		s.list.Items = append(s.list.Items, ui.Button{Label: "Download " + name, Off: err != nil, Do: func() {
			data, err := a.storage().Read(name)
			if err == nil {
				err = download(name, data)
			}
			if err != nil {
				a.message = err.Error()
				a.toMenu()
			}
		}})
	}
	s.list.Items = append(s.list.Items, ui.Button{Label: "Back", Do: a.toMenu})
	s.list.FirstOn()
	return s
}
