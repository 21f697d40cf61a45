package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"hexfire/fileio"
	"hexfire/maps"
)

// Settings are the player's choices kept between runs (settings.json in
// the config directory).
type Settings struct {
	// Sound plays the short sounds of shots, hits and moves.
	Sound bool `json:"sound"`
	// HandOver covers the map between the two players' turns in hot-seat
	// play. Nothing on the map is hidden from either side, so it is off
	// unless a player asks for it; the top bar and a sound announce the
	// side to act either way.
	HandOver bool `json:"hand_over"`
	// QuickCasualties takes the automatic allocation of casualty points
	// for the player's units too, instead of asking (Options).
	QuickCasualties bool `json:"quick_casualties,omitempty"`
	// Pace is the animation speed: the pause, in ticks, between two
	// orders of the computer (and of a replay playing by itself).
	Pace int `json:"pace"`
	// Computer names the sides the computer played in the last battle
	// started, for Continue.
	Computer []maps.Side `json:"computer,omitempty"`
	// AILevel is the computer's level: easy, normal or hard ("" for
	// normal).
	AILevel string `json:"ai_level,omitempty"`
	// Open plays every battle open, with no fog of war, whatever its
	// scenario says.
	Open bool `json:"open,omitempty"`
	// Reasoning shows the computer's reasoning for each of its orders in
	// the log, with the scores it weighed them by: for those who study or
	// tune it; players read what happened from the events.
	Reasoning bool `json:"reasoning,omitempty"`
}

// writeFileAtomic writes data to path atomically (fileio.WriteFileAtomic),
// making its directory first.
func writeFileAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return fileio.WriteFileAtomic(path, data)
}

// SettingsName is the settings' file in the storage.
const SettingsName = "settings.json"

// ReadSettings reads the settings kept in st over defaults: with none kept
// it returns the defaults. A file that does not decode, or whose values
// check refuses, gives the defaults and an error naming where it is.
func ReadSettings(st Storage, defaults Settings, check func(Settings) error) (Settings, error) {
	data, err := st.Read(SettingsName)
	if errors.Is(err, fs.ErrNotExist) {
		return defaults, nil
	}
	if err != nil {
		return defaults, fmt.Errorf("settings: %w", err)
	}
	where := st.Where(SettingsName)
	s := defaults
	if err := json.Unmarshal(data, &s); err != nil {
		return defaults, fmt.Errorf("settings %s: %w (the defaults are used)", where, err)
	}
	if err := check(s); err != nil {
		return defaults, fmt.Errorf("settings %s: %w (the defaults are used)", where, err)
	}
	return s, nil
}

// WriteSettings keeps s in st (atomically, as every Write).
func WriteSettings(st Storage, s Settings) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err == nil {
		err = st.Write(SettingsName, append(data, '\n'))
	}
	return err
}
