//go:build linux || freebsd || netbsd || openbsd || dragonfly

package main

/*
#include <stdio.h>
#include <stdlib.h>

// needDisplay stops the program with one clear line when there is no X
// display. Ebiten opens the display while Go initialises its packages,
// before main runs, and without one it panics with a long GLFW trace; a
// C constructor runs before any of that.
__attribute__((constructor)) static void needDisplay(void) {
	const char *d = getenv("DISPLAY");
	if (d != NULL && d[0] != '\0') {
		return;
	}
	fputs("hexfire: no display (DISPLAY is not set): the game needs a graphical session; "
		"on a server use xvfb-run, or hexfire-cli, which needs none\n", stderr);
	exit(1);
}
*/
import "C"
