package main

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
)

// soundRate is the sample rate of the generated sounds (mono, 16 bits):
// plenty for short effects, and half the size of CD rate.
const soundRate = 22050

// sound is one generated effect: its file name and how it is synthesised.
type sound struct {
	name string
	make func(n *noise) []float64
}

// soundSpecs are the game's effects, all synthesised here from sine
// waves and seeded noise (no recorded media). Lengths, pitches and decays
// are our own choice: short enough not to tire in a long battle.
func soundSpecs() []sound {
	return []sound{
		{"shot", func(n *noise) []float64 { // a gun: a noise crack over a low thump
			return mix(decayNoise(n, 0.35, 14, 0.5), decaySine(0.35, 70, 10, 0.7))
		}},
		{"hit", func(n *noise) []float64 { // a round striking armour: an inharmonic clang
			return mix(decaySine(0.5, 523, 9, 0.4), decaySine(0.5, 1311, 12, 0.25), decaySine(0.5, 2093, 16, 0.15), decayNoise(n, 0.05, 60, 0.3))
		}},
		{"miss", func(n *noise) []float64 { // a round going wide: a falling whistle
			return sweep(0.3, 1800, 600, 0.25)
		}},
		{"kill", func(n *noise) []float64 { // an explosion: long rumbling noise
			return mix(lowpass(decayNoise(n, 1.1, 3.5, 0.9), 0.08), decaySine(1.1, 45, 4, 0.5))
		}},
		{"immobilized", func(n *noise) []float64 { // a track breaking: two dull clanks
			a := mix(decaySine(0.18, 330, 25, 0.5), decayNoise(n, 0.18, 40, 0.3))
			return append(a, a...)
		}},
		{"move", func(n *noise) []float64 { // an engine: a low rumble with a beat
			return lowpass(engine(n, 0.45), 0.15)
		}},
		{"turn", func(n *noise) []float64 { // the side to act changes: two rising notes
			return append(decaySine(0.16, 660, 8, 0.35), decaySine(0.24, 880, 7, 0.35)...)
		}},
	}
}

// noise is a small seeded generator (xorshift), so every run writes the
// same bytes.
type noise struct{ state uint32 }

func (n *noise) next() float64 {
	n.state ^= n.state << 13
	n.state ^= n.state >> 17
	n.state ^= n.state << 5
	return float64(n.state)/float64(math.MaxUint32)*2 - 1
}

func samples(seconds float64) int { return int(seconds * soundRate) }

// decaySine is a sine of freq Hz fading as exp(-decay·t).
func decaySine(seconds, freq, decay, amp float64) []float64 {
	out := make([]float64, samples(seconds))
	for i := range out {
		t := float64(i) / soundRate
		out[i] = amp * math.Exp(-decay*t) * math.Sin(2*math.Pi*freq*t)
	}
	return out
}

// decayNoise is white noise fading as exp(-decay·t).
func decayNoise(n *noise, seconds, decay, amp float64) []float64 {
	out := make([]float64, samples(seconds))
	for i := range out {
		t := float64(i) / soundRate
		out[i] = amp * math.Exp(-decay*t) * n.next()
	}
	return out
}

// sweep is a sine gliding from f0 to f1 Hz, fading in and out.
func sweep(seconds, f0, f1, amp float64) []float64 {
	out := make([]float64, samples(seconds))
	phase := 0.0
	for i := range out {
		x := float64(i) / float64(len(out))
		phase += 2 * math.Pi * (f0 + (f1-f0)*x) / soundRate
		out[i] = amp * math.Sin(math.Pi*x) * math.Sin(phase)
	}
	return out
}

// engine is a low buzz at 55 Hz beating at 9 Hz, with some noise.
func engine(n *noise, seconds float64) []float64 {
	out := make([]float64, samples(seconds))
	for i := range out {
		t := float64(i) / soundRate
		env := math.Min(1, t*20) * math.Min(1, (seconds-t)*8)
		buzz := math.Copysign(1, math.Sin(2*math.Pi*55*t))
		out[i] = 0.35 * env * (0.6 + 0.4*math.Sin(2*math.Pi*9*t)) * (0.7*buzz + 0.3*n.next())
	}
	return out
}

// lowpass smooths a signal with a one-pole filter of coefficient k.
func lowpass(in []float64, k float64) []float64 {
	y := 0.0
	for i, x := range in {
		y += k * (x - y)
		in[i] = y
	}
	return in
}

// mix adds signals, the longest setting the length.
func mix(parts ...[]float64) []float64 {
	n := 0
	for _, p := range parts {
		n = max(n, len(p))
	}
	out := make([]float64, n)
	for _, p := range parts {
		for i, x := range p {
			out[i] += x
		}
	}
	return out
}

// wav encodes mono samples in [-1, 1] as a 16-bit PCM WAV file.
func wav(s []float64) []byte {
	var b bytes.Buffer
	data := len(s) * 2
	le := binary.LittleEndian
	b.WriteString("RIFF")
	binary.Write(&b, le, uint32(36+data))
	b.WriteString("WAVEfmt ")
	binary.Write(&b, le, uint32(16))          // fmt chunk size
	binary.Write(&b, le, uint16(1))           // PCM
	binary.Write(&b, le, uint16(1))           // mono
	binary.Write(&b, le, uint32(soundRate))   // sample rate
	binary.Write(&b, le, uint32(soundRate*2)) // bytes a second
	binary.Write(&b, le, uint16(2))           // bytes a frame
	binary.Write(&b, le, uint16(16))          // bits a sample
	b.WriteString("data")
	binary.Write(&b, le, uint32(data))
	for _, x := range s {
		v := math.Round(math.Max(-1, math.Min(1, x)) * 32767)
		binary.Write(&b, le, int16(v))
	}
	return b.Bytes()
}

// writeSounds writes every sound as dir/sounds/NAME.wav.
func writeSounds(dir string) error {
	sdir := filepath.Join(dir, "sounds")
	if err := os.MkdirAll(sdir, 0o755); err != nil {
		return err
	}
	for i, s := range soundSpecs() {
		n := &noise{state: uint32(0x9e3779b9 + i)}
		if err := os.WriteFile(filepath.Join(sdir, s.name+".wav"), wav(s.make(n)), 0o644); err != nil {
			return err
		}
	}
	return nil
}
