package combat

import "strconv"

// Modifier is one addition to a roll, with its label for the step lines
// ("+2 woods").
type Modifier struct {
	Value int
	Label string
}

// SumModifiers adds up modifiers.
func SumModifiers(ms []Modifier) int {
	total := 0
	for _, m := range ms {
		total += m.Value
	}
	return total
}

// AppendModifiers appends the modifiers as the step lines write them,
// " +2 woods -1 leader", to b.
func AppendModifiers(b []byte, ms []Modifier) []byte {
	for _, m := range ms {
		b = append(b, ' ')
		if m.Value >= 0 {
			b = append(b, '+')
		}
		b = strconv.AppendInt(b, int64(m.Value), 10)
		b = append(b, ' ')
		b = append(b, m.Label...)
	}
	return b
}

// FormatModifiers returns the modifiers as the step lines write them.
func FormatModifiers(ms []Modifier) string { return string(AppendModifiers(nil, ms)) }
