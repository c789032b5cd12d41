package lint

// wordy flags phrases that say in many words what fewer say better, each
// with its plainer replacement: a substitution list, data/wordy.txt.
var wordy = register(&Rule{
	ID: "wordy", acceptable: true,
	message: substitutionMessage("%q is wordy; use %s", "%q is wordy; cut it"),
	phrases: substitutionData("wordy.txt"),
})
