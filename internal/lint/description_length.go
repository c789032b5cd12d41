package lint

// descriptionLength flags a front matter description shorter than 120 or
// longer than 160 characters.
var descriptionLength = &Rule{
	ID: "description-length", Kind: Structure, Severity: Suggestion,
	Doc: "A front matter description outside 120–160 characters (search results cut longer ones).",
	document: func(p *pass, r *Rule) {
		checkLength(p, r, "description", p.doc.FrontMatter.Description, MinDescription, MaxDescription)
	},
}
