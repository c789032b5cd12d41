package lint

import "fmt"

// inclusive flags wording that excludes or hurts readers, each with
// alternatives. The list is this project's own, drawn from common style-guide
// advice (racialised technical terms, gendered defaults, ableist idioms).
var inclusive = &Rule{
	ID: "inclusive", Kind: Style, Severity: Suggestion, acceptable: true,
	Doc: `Inconsiderate or exclusionary wording, with alternatives ("whitelist" → "allowlist").`,
	message: func(match string, ph *phrase) string {
		return fmt.Sprintf("%q may exclude or hurt readers; consider %s", match, quoteList(ph.suggest))
	},
	phrases: replacements(
		"whitelist", "allowlist|allow list",
		"whitelists", "allowlists",
		"whitelisted", "allowed|allowlisted",
		"whitelisting", "allowlisting",
		"blacklist", "denylist|blocklist",
		"blacklists", "denylists|blocklists",
		"blacklisted", "denied|blocked",
		"blacklisting", "blocking",
		"master branch", "main branch",
		"master node", "primary node|leader",
		"master server", "primary server",
		"master database", "primary database",
		"master process", "main process|primary process",
		"slave", "replica|follower|secondary",
		"slaves", "replicas|followers",
		"sanity check", "quick check|confidence check",
		"sanity test", "smoke test|quick check",
		"dummy value", "placeholder value|sample value",
		"guys", "everyone|folks|y'all",
		"you guys", "you all|everyone",
		"manpower", "workforce|staff",
		"man-hours", "person-hours|work hours",
		"man hours", "person-hours|work hours",
		"mankind", "humanity|people",
		"man-made", "artificial|synthetic",
		"chairman", "chair|chairperson",
		"middleman", "intermediary|broker",
		"grandfathered", "legacy|exempt",
		"grandfather clause", "legacy clause|exemption",
		"he or she", "they",
		"his or her", "their",
		"him or her", "them",
		"crippled", "broken|disabled|hobbled",
		"cripple", "break|disable|hobble",
		"lame", "boring|weak|uninspiring",
		"crazy", "surprising|wild|baffling",
		"insane", "surprising|wild|absurd",
		"tone-deaf", "oblivious|insensitive",
		"blind to", "unaware of",
		"turn a blind eye", "ignore",
		"falling on deaf ears", "being ignored",
		"spirit animal", "role model|favourite",
		"tribe", "team|group|community",
		"powwow", "meeting|huddle",
		"off the reservation", "off-script|unexpectedly",
	),
}
