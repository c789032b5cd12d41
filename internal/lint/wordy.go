package lint

// wordy flags phrases that say in many words what fewer say better, each
// with its plainer replacement: a substitution list, data/wordy.txt.
var wordy = &Rule{
	ID: "wordy", Kind: Style, Severity: Suggestion, acceptable: true,
	Fix:     SafeFix,
	Doc:     `Wordy phrases, each with a simpler replacement ("in order to" → "to").`,
	message: substitutionMessage("%q is wordy; use %s", "%q is wordy; cut it"),
	phrases: substitutionData("wordy.txt"),
}
