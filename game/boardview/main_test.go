package boardview

import (
	"os"
	"testing"

	"hexfire/game/ui/uitest"
)

// TestMain runs the tests inside Ebiten's game loop: they read back what
// they draw.
func TestMain(m *testing.M) { os.Exit(uitest.RunInGame(m)) }
