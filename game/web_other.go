//go:build !js

package game

import (
	"errors"
	"image"
)

// inBrowser is false: the game runs in a desktop window.
const inBrowser = false

// pageShown is for the browser's page; a window needs nothing.
func pageShown() {}

// pickFiles, takePicked and download are the browser's file dialog and
// downloads; a desktop player names files on the command line instead.
func pickFiles() error { return errors.New("no file dialog on the desktop: use -scenario or -load") }

func takePicked() []pickedFile { return nil }

func download(string, []byte) error {
	return errors.New("no downloads on the desktop: the files are in the config directory")
}

// keepPNG keeps a screenshot (F12, the study's export) called name: a file
// in the working directory, written atomically.
func keepPNG(name string, img image.Image) error { return writePNG(name, img) }
