package prompts

import "slices"

// Guideline is a text commands include with {{ guideline "name" }}: the
// workspace's own file when it has one, else the default shipped in the
// binary.
type Guideline struct {
	Name    string // what templates pass to guideline: "editorial"
	File    string // the workspace file that replaces the default: "EDITORIAL.md"
	Shipped string // the default, a path in templates.FS: "guidelines/editorial.md"
}

// guidelines is the one list of guidelines: the template func, the check of
// template files, the MCP resources and the docs all follow it.
var guidelines = []Guideline{
	{Name: "editorial", File: "EDITORIAL.md", Shipped: "guidelines/editorial.md"},
	{Name: "localization", File: "LOCALIZATION.md", Shipped: "guidelines/localization.md"},
}

// Guidelines are the names {{ guideline "name" }} accepts, in table order.
var Guidelines = func() []string {
	names := make([]string, len(guidelines))
	for i, g := range guidelines {
		names[i] = g.Name
	}
	return names
}()

// AllGuidelines returns every guideline, in table order.
func AllGuidelines() []Guideline { return slices.Clone(guidelines) }

// LookupGuideline returns the guideline called name.
func LookupGuideline(name string) (Guideline, bool) {
	i := slices.IndexFunc(guidelines, func(g Guideline) bool { return g.Name == name })
	if i < 0 {
		return Guideline{}, false
	}
	return guidelines[i], true
}
