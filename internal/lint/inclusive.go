package lint

// inclusive flags wording that excludes or hurts readers, each with
// alternatives: a substitution list, data/inclusive.txt.
var inclusive = register(&Rule{
	ID: "inclusive", acceptable: true,
	message: substitutionMessage("%q may exclude or hurt readers; consider %s", ""),
	phrases: substitutionData("inclusive.txt"),
})
