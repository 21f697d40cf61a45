//go:build !js

package storage

import (
	"fmt"
	"os"
	"path/filepath"
)

// ConfigDir returns the directory Hexfire keeps its autosave, last replay,
// saves and settings in: hexfire under the user's config directory
// (os.UserConfigDir: ~/.config on Linux, %AppData% on Windows,
// ~/Library/Application Support on macOS).
func ConfigDir() (string, error) {
	d, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("game: no config directory: %w", err)
	}
	return filepath.Join(d, "hexfire"), nil
}

// UserStorage returns where the game keeps its files on this platform:
// files in ConfigDir.
func UserStorage() (Storage, error) {
	dir, err := ConfigDir()
	if err != nil {
		return nil, err
	}
	return Dir{Path: dir}, nil
}
