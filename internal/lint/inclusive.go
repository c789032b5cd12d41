package lint

// inclusive flags wording that excludes or hurts readers, each with
// alternatives: a substitution list, data/inclusive.txt.
var inclusive = &Rule{
	ID: "inclusive", Kind: Style, Severity: Suggestion, acceptable: true,
	Fix:     SafeFix,
	Doc:     `Inconsiderate or exclusionary wording, with alternatives ("whitelist" → "allowlist").`,
	message: substitutionMessage("%q may exclude or hurt readers; consider %s", ""),
	phrases: substitutionData("inclusive.txt"),
}
