package lint

import (
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// DocKind is what sort of document a draft is. Some rules judge kinds
// differently: a changelog's "# 1.2.0" then "### Fixes" layout is its
// convention, and the passive voice is the normal voice of reference pages
// ("is installed", "can be disabled").
type DocKind string

const (
	// Article is prose read from start to end, and the default: every rule runs.
	Article DocKind = "article"
	// Changelog is a list of releases: multiple-h1 and heading-increment
	// do not run.
	Changelog DocKind = "changelog"
	// Reference is a page looked things up in: passive-voice does not run.
	Reference DocKind = "reference"
)

// kindRulesOff are the rules that do not run on a kind of document, even
// when Options.Only names them: the kind says the finding is not a fault.
var kindRulesOff = map[DocKind][]string{
	Changelog: {"multiple-h1", "heading-increment"},
	Reference: {"passive-voice"},
}

// ParseDocKind reads "article", "changelog" or "reference", in any case.
func ParseDocKind(name string) (DocKind, error) {
	switch k := DocKind(strings.ToLower(strings.TrimSpace(name))); k {
	case Article, Changelog, Reference:
		return k, nil
	}
	return "", fmt.Errorf("parse kind %q: want article, changelog or reference", name)
}

// changelogNames are the file names (lower case, without extension) of
// changelogs.
var changelogNames = set("changelog", "changes", "history", "releases", "release-notes",
	"release_notes", "releasenotes", "news")

// referenceNames are the file and directory names (lower case, without
// extension) of reference pages.
var referenceNames = set("api", "reference")

// DocKindFromPath returns Changelog for a file named like one (CHANGELOG.md,
// HISTORY.md, RELEASES.md, release-notes.md, NEWS.md, CHANGELOG-1.x.md),
// Reference for API.md, reference.md and any file under a directory named
// api or reference, and "" for any other name.
func DocKindFromPath(name string) DocKind {
	name = strings.ToLower(strings.ReplaceAll(name, `\`, "/"))
	dir, base := path.Split(name)
	base = strings.TrimSuffix(base, path.Ext(base))
	if changelogNames[base] || strings.HasPrefix(base, "changelog") || strings.HasPrefix(base, "release-notes") {
		return Changelog
	}
	if referenceNames[base] {
		return Reference
	}
	for _, d := range strings.Split(dir, "/") {
		if referenceNames[d] {
			return Reference
		}
	}
	return ""
}

// FrontMatterKind returns the kind a draft's front matter names in its
// top-level "kind" field, or "" when it names none or a value that is not a
// kind (the field may mean something else to a site generator).
func FrontMatterKind(fm markdown.FrontMatter) DocKind {
	v, ok := fm.Fields["kind"].(string)
	if !ok {
		return ""
	}
	k, err := ParseDocKind(v)
	if err != nil {
		return ""
	}
	return k
}

// versionHeading matches the heading of a release: "1.2.0", "v2.0.0-rc.1",
// "[1.2.0] - 2024-05-01", "Version 3.1", "Unreleased".
var versionHeading = regexp.MustCompile(`(?i)^\s*(?:(?:version|release|v)\s*)?\[?v?\d+(?:\.\d+)+|^\s*\[?unreleased\]?\s*$`)

// kindFromHeadings returns Changelog when most of doc's headings at its top
// level are releases, "" otherwise.
func kindFromHeadings(doc *markdown.Document) DocKind {
	top := 7
	for _, h := range doc.Headings {
		top = min(top, h.Level)
	}
	n, releases := 0, 0
	for _, h := range doc.Headings {
		if h.Level != top && h.Level != top+1 {
			continue
		}
		n++
		if versionHeading.MatchString(h.Text) {
			releases++
		}
	}
	if releases >= 2 && releases*2 > n {
		return Changelog
	}
	return ""
}
