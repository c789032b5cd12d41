package ruledoc

import (
	"strings"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/lint"
)

func TestNames(t *testing.T) {
	if got, want := FixNames(lint.Style), "lexical-illusion, wordy and inclusive"; got != want {
		t.Errorf("FixNames(Style) = %q, want %q", got, want)
	}
	if got := Names(lint.Structure, " and "); !strings.HasSuffix(got, ", title-length (30-60 characters) and description-length (120-160)") {
		t.Errorf("Names(Structure) = %q", got)
	}
}
