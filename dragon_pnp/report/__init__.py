"""The simulated rules check (`dragon-pnp check`): policies, executor, statistics and writers.

`run_check(game, settings)` plays the planned games and returns the report as plain data;
`write_report(report, folder)` writes rules-check.html, .pdf and .json from it.
"""
