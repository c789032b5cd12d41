package markdown

import (
	"context"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// FuzzParse checks that any input parses without a panic and that every
// offset, line and column the Document reports lies inside the source.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"", "# T\n\nA [b](c) `d` ![e](f) <g@h.i> www.j.k.\n",
		"---\ntitle: x\n---\n- [ ] a\n  > b\n\n| c | d |\n|--|--|\n| e \\| f | &amp; |\n",
		"+++\na = 1\n+++\n```go\nx\n```\n    y\n<!-- z -->\n",
		"\ufeff---\r\n: :\r\n...\r\nsetext\n===\n**a*b_c_~~d~~\\\ne  \nf &#x1F600; &bogus;",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		d := Parse(src)
		checkSpans(t, d)
		lines := d.LineCount()
		inside := func(what string, line, col int) {
			if line < 1 || line > lines || col < 1 || col > utf8.RuneCount(src)+1 {
				t.Fatalf("%s at %d:%d outside %d lines", what, line, col, lines)
			}
		}
		for _, b := range d.Blocks {
			inside("block", b.Line, 1)
			if b.Section >= len(d.Headings) {
				t.Fatalf("block section %d of %d headings", b.Section, len(d.Headings))
			}
		}
		for _, h := range d.Headings {
			inside("heading", h.Line, h.Column)
			if h.Block < 0 || h.Block >= len(d.Blocks) || d.Blocks[h.Block].Kind != Heading {
				t.Fatalf("heading %q points at block %d", h.Text, h.Block)
			}
		}
		for _, l := range d.Links {
			inside("link", l.Line, l.Column)
		}
		for _, im := range d.Images {
			inside("image", im.Line, im.Column)
		}
		for _, c := range d.CodeBlocks {
			inside("code block", c.Line, 1)
			if c.EndLine < c.Line || c.EndLine > lines {
				t.Fatalf("code block lines %d-%d of %d", c.Line, c.EndLine, lines)
			}
		}
		for _, c := range d.Comments {
			if c.Start < 0 || c.End > len(src) || c.Start >= c.End {
				t.Fatalf("comment [%d,%d) outside %d bytes", c.Start, c.End, len(src))
			}
		}
		fm := d.FrontMatter
		if fm.Start < 0 || fm.End > len(src) || fm.Start > fm.End {
			t.Fatalf("front matter [%d,%d) outside %d bytes", fm.Start, fm.End, len(src))
		}
	})
}

// FuzzParseWithoutLinkify checks that Parse, which skips goldmark's linkify
// extension when it cannot matter, reads every draft exactly as a parse with
// the full GFM configuration does.
func FuzzParseWithoutLinkify(f *testing.F) {
	for _, s := range []string{
		"", "a www.b.c d\n", "mail a@b.co now", "see https://x.y/z_(w) or (http://u.v).\n",
		"[www.a.b](c) `x@y.z` <https://d.e>\n", "[open https://a.b\n", "**www.a.b** ~~c@d.ef~~\n",
		"&amp x; and\n&amp y;\ndone &copy 2024; (&lt (x);\n",
		"trailing \t\nspaces    \nhard  \r\nbreak  \n| a  | b \t|\n|---|---|\n| c  \t | d |\n",
		"# T\n\nA [b](c) `d` ![e](f) <g@h.i> www.j.k.\n",
		"x\\(&amp (y;\n- [ ] a\n  > b ftp://c.d\n",
		// Code spans: the guard answers "no closing run" itself.
		"` `` ``` `` ` a\n", "\\``a`` ` b\n> `x\n> y` ``\n", "- `a\n  b` ``` c\n\n`` d\n",
		"a [b](<c\\>d>) [e](f \"g\\\" h\") [i](j (k\n",
	} {
		f.Add([]byte(s))
	}
	full := func(body []byte, _ *guard) ast.Node { return gfm.Parse(text.NewReader(body)) }
	f.Fuzz(func(t *testing.T, src []byte) {
		want, wantErr := parse(context.Background(), src, full)
		got, err := ParseContext(context.Background(), src)
		if err != nil || wantErr != nil {
			t.Skipf("past a limit: %v %v", err, wantErr)
		}
		// FrontMatter is read before goldmark runs; its Err values differ by identity.
		want.FrontMatter, got.FrontMatter = FrontMatter{}, FrontMatter{}
		if diff := cmp.Diff(want, got, cmp.AllowUnexported(Document{}, lineIndex{})); diff != "" {
			t.Fatalf("Parse(%q) without linkify differs (-full +fast):\n%s", src, diff)
		}
	})
}
