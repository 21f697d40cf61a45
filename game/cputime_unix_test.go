//go:build unix

package game

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used so far, user and system,
// on all its threads: the play-frame benchmarks report it beside the wall
// time, which on a shared, loaded machine mostly measures the wait for a
// core.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
