package game

import (
	"bytes"
	"io"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/audio/wav"

	"hexfire/assets"
	"hexfire/battle"
)

func TestEventSound(t *testing.T) {
	tests := []struct {
		name   string
		events []battle.Event
		want   string
	}{
		{"nothing", nil, ""},
		{"a phase", []battle.Event{{Kind: battle.PhaseStarted}}, ""},
		{"a move", []battle.Event{{Kind: battle.UnitMoved}, {Kind: battle.UnitMoved}, {Kind: battle.MoveEnded}}, sndMove},
		{"a shot that misses", []battle.Event{{Kind: battle.UnitFired, Unit: 1, Target: 2}}, sndMiss},
		{"a shot that immobilizes", []battle.Event{{Kind: battle.UnitFired, Unit: 1, Target: 2}, {Kind: battle.UnitImmobilized, Unit: 2}}, sndImmobilized},
		{"a kill on the move", []battle.Event{{Kind: battle.UnitMoved}, {Kind: battle.UnitFired, Unit: 1, Target: 2}, {Kind: battle.UnitEliminated, Unit: 2}}, sndKill},
		{"AP fire", []battle.Event{{Kind: battle.HexFired, Unit: 1}, {Kind: battle.UnitPinned, Unit: 5}}, sndShot},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if have := eventSound(tt.events); have != tt.want {
				t.Errorf("eventSound = %q, want %q", have, tt.want)
			}
		})
	}
}

// TestSoundsDecode decodes every effect the game plays from the embedded
// assets, resampled to the game's rate (no audio device needed).
func TestSoundsDecode(t *testing.T) {
	for _, name := range soundNames {
		data, err := assets.Sounds.ReadFile("sounds/" + name + ".wav")
		if err != nil {
			t.Fatal(err)
		}
		s, err := wav.DecodeWithSampleRate(soundRate, bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		pcm, err := io.ReadAll(s)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// 16-bit stereo at soundRate: between 0.1 s and 1.5 s of sound.
		if sec := float64(len(pcm)) / 4 / soundRate; sec < 0.1 || sec > 1.5 {
			t.Errorf("%s lasts %.2f s, want a short effect", name, sec)
		}
	}
}
