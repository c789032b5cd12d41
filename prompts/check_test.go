package prompts

import (
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"
)

// readArchive returns the files of a txtar fixture as a file system, and the
// text of its "want" section, if any.
func readArchive(t *testing.T, name string) (fstest.MapFS, string) {
	t.Helper()
	a, err := txtar.ParseFile(name)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	want := ""
	for _, f := range a.Files {
		if f.Name == "want" {
			want = string(f.Data)
			continue
		}
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	return fsys, want
}

// TestCheck loads each fixture in testdata/prompts/check and compares the
// diagnostics with its "want" section, whose lines were counted by hand.
func TestCheck(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("../testdata/prompts/check/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, name := range files {
		t.Run(strings.TrimSuffix(filepath.Base(name), ".txtar"), func(t *testing.T) {
			fsys, want := readArchive(t, name)
			var got []string
			for _, d := range Check(Source{FS: fsys}) {
				got = append(got, d.String())
			}
			if diff := cmp.Diff(strings.Split(strings.TrimSpace(want), "\n"), got); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
		})
	}
}
