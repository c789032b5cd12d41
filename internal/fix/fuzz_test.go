package fix

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// FuzzFix checks on any draft what TestFixFixtures checks on the fixtures:
// fixing keeps the markdown's structure and a second fix changes nothing.
func FuzzFix(f *testing.F) {
	for _, s := range []string{
		"We went to the the shop in order to utilize it.\n",
		"In the process of moving, an insane *in order* to `the the`\n\n```\nx\n```\n",
		"---\ntitle: in order to\n---\n# In Order To\n\n- utilize utilize\n  the the\n> in order\n> to\n",
		"See [the guide in](https://x.test/in) in full. <b>the the</b> https://utilize.test/the the\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if !utf8.Valid(src) || len(src) > 4<<10 {
			return
		}
		res := Apply(src, checkAll, All)
		if again := Apply(res.Source, checkAll, All); again.Changed {
			t.Fatalf("fixing twice changed it again:\n%s", Diff("draft", res.Source, again.Source))
		}
		if !res.Changed {
			return
		}
		before, after := shapeOf(src), shapeOf(res.Source)
		before.fenceFixed()
		if diff := cmp.Diff(before, after); diff != "" && !bytes.Equal(src, res.Source) {
			t.Fatalf("structure changed (-before +after):\n%s\nfixes:\n%s", diff, Diff("draft", src, res.Source))
		}
	})
}
