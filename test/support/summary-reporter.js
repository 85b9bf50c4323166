// Prints one plain closing line ("jest: N passed, N failed") that CI reads whatever the runner.
class SummaryReporter {
	onRunComplete(_contexts, results) {
		const skipped = results.numPendingTests + results.numTodoTests;
		const tail = skipped ? `, ${skipped} skipped` : '';
		process.stdout.write(
			`\njest: ${results.numPassedTests} passed, ${results.numFailedTests} failed${tail}\n`,
		);
	}
}
module.exports = SummaryReporter;
