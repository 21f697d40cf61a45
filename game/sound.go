package game

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"

	"github.com/hajimehoshi/ebiten/v2/audio"
	"github.com/hajimehoshi/ebiten/v2/audio/wav"

	"hexfire/assets"
	"hexfire/battle"
)

// soundRate is the audio context's sample rate; the generated sounds are
// resampled to it once, when loaded.
const soundRate = 44100

// The effects of assets/sounds, by file name.
const (
	sndShot        = "shot"
	sndHit         = "hit"
	sndMiss        = "miss"
	sndKill        = "kill"
	sndImmobilized = "immobilized"
	sndMove        = "move"
	sndTurn        = "turn"
)

// soundNames lists every effect the game plays.
var soundNames = []string{sndShot, sndHit, sndMiss, sndKill, sndImmobilized, sndMove, sndTurn}

// soundBank holds the decoded effects and the audio context, made once
// per process (ebiten allows one context).
type soundBank struct {
	ctx   *audio.Context
	clips map[string][]byte
	err   error
}

var (
	bank     soundBank
	bankOnce sync.Once
)

// errNoDevice says why a machine without a sound device plays nothing.
var errNoDevice = errors.New("no sound device (/dev/snd): the game is silent")

// hasSoundDevice reports whether the machine seems to have a sound
// device. Ebiten's audio ends the whole game with an error when it cannot
// open one, so on Linux, where ALSA needs /dev/snd, the game makes no
// audio context at all without it (a container, a server under Xvfb).
func hasSoundDevice() bool {
	if runtime.GOOS != "linux" {
		return true
	}
	_, err := os.Stat("/dev/snd")
	return err == nil
}

// loadSounds makes the audio context and decodes every effect, once.
func loadSounds() *soundBank {
	bankOnce.Do(func() {
		if !hasSoundDevice() {
			bank.err = errNoDevice
			return
		}
		bank.ctx = audio.NewContext(soundRate)
		bank.clips = map[string][]byte{}
		for _, name := range soundNames {
			data, err := assets.Sounds.ReadFile("sounds/" + name + ".wav")
			if err == nil {
				var s *wav.Stream
				if s, err = wav.DecodeWithSampleRate(soundRate, bytes.NewReader(data)); err == nil {
					data, err = io.ReadAll(s)
				}
			}
			if err != nil {
				bank.err = fmt.Errorf("sound %s: %w", name, err)
				return
			}
			bank.clips[name] = data
		}
	})
	return &bank
}

// sounds plays effects when on.
type sounds struct {
	on   bool
	bank *soundBank
}

// play starts the named effect, if sound is on and the device is ready.
func (s *sounds) play(name string) {
	if s == nil || !s.on {
		return
	}
	if s.bank == nil {
		s.bank = loadSounds()
	}
	if s.bank.err != nil || !s.bank.ctx.IsReady() {
		return
	}
	s.bank.ctx.NewPlayerFromBytes(s.bank.clips[name]).Play()
}

// eventSound is the effect of an order's events: the most telling one
// (a kill over an immobilization over a hit or a miss over a move).
func eventSound(events []battle.Event) string {
	best, rank := "", 0
	pick := func(name string, r int) {
		if r > rank {
			best, rank = name, r
		}
	}
	for i, e := range events {
		switch e.Kind {
		case battle.UnitMoved:
			pick(sndMove, 1)
		case battle.UnitFired:
			if struck(e.Target, events[i+1:]) {
				pick(sndHit, 3)
			} else {
				pick(sndMiss, 2)
			}
		case battle.HexFired, battle.HexAssaulted, battle.SupportCalled:
			pick(sndShot, 2)
		case battle.UnitImmobilized:
			pick(sndImmobilized, 4)
		case battle.UnitEliminated:
			pick(sndKill, 5)
		}
	}
	return best
}
