package markdown

import (
	"bytes"
	"html"
	"regexp"
)

// htmlAnchor matches an id or name attribute in raw HTML: the targets a
// writer makes with <a id="install"></a> or <h2 id="faq">, which GitHub and
// static-site generators let "#install" reach just like a heading's slug.
var htmlAnchor = regexp.MustCompile(`(?i)[\s"'](?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>` + "`" + `]+))`)

// anchors records the id and name attributes in src[start:stop], raw HTML
// from a block or an inline tag, leaving out what sits inside comments.
func (w *walker) anchors(start, stop int) {
	raw := w.src[start:stop]
	for len(raw) > 0 {
		tag := raw
		if i := bytes.Index(raw, []byte("<!--")); i >= 0 {
			tag = raw[:i]
			raw = raw[i+4:]
			if e := bytes.Index(raw, []byte("-->")); e >= 0 {
				raw = raw[e+3:]
			} else {
				raw = nil
			}
		} else {
			raw = nil
		}
		for _, m := range htmlAnchor.FindAllSubmatch(tag, -1) {
			v := m[1]
			if v == nil {
				v = m[2]
			}
			if v == nil {
				v = m[3]
			}
			if len(v) > 0 {
				w.doc.Anchors = append(w.doc.Anchors, html.UnescapeString(string(v)))
			}
		}
	}
}
