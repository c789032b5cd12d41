package lint

// descriptionLength flags a front matter description shorter than 120 or
// longer than 160 characters.
var descriptionLength = register(&Rule{
	ID: "description-length",
	document: func(p *pass, r *Rule) {
		checkLength(p, r, "description", p.doc.FrontMatter.Description, MinDescription, MaxDescription)
	},
})
