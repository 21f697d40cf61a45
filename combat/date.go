package combat

import (
	"fmt"
	"strconv"
	"strings"

	"hexfire/fileio"
)

// Date is the year and month a scenario is set in, for the rulesets whose
// weapons, ranges and modifiers change with the date of the battle. The
// zero value is a scenario that gives no date.
type Date struct {
	Year  int
	Month int // 1..12
}

// The years a scenario date may name: the Second World War and a little
// either side (our bounds, so that a typo is caught).
const (
	FirstYear = 1935
	LastYear  = 1950
)

// ParseDate reads a date written "YYYY-MM" ("1944-06").
func ParseDate(s string) (Date, error) {
	y, m, ok := strings.Cut(strings.TrimSpace(s), "-")
	year, yerr := strconv.Atoi(y)
	month, merr := strconv.Atoi(m)
	switch {
	case !ok || yerr != nil || merr != nil || len(y) != 4 || len(m) != 2:
		return Date{}, fmt.Errorf("%s is not a date written YYYY-MM (e.g. 1944-06)", fileio.Quote(s))
	case year < FirstYear || year > LastYear:
		return Date{}, fmt.Errorf("%s: the year must be from %d to %d", fileio.Quote(s), FirstYear, LastYear)
	case month < 1 || month > 12:
		return Date{}, fmt.Errorf("%s: the month must be from 01 to 12", fileio.Quote(s))
	}
	return Date{Year: year, Month: month}, nil
}

// Known reports whether the date is set.
func (d Date) Known() bool { return d.Year != 0 }

// Before reports whether d is earlier than the month year-month.
func (d Date) Before(year, month int) bool {
	return d.Year < year || (d.Year == year && d.Month < month)
}

// String returns "1944-06", or "undated" for the zero date.
func (d Date) String() string {
	if !d.Known() {
		return "undated"
	}
	return fmt.Sprintf("%04d-%02d", d.Year, d.Month)
}
