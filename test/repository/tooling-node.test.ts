import { toolingNodeProblem } from '../../tools/tooling-node';

describe('the dev tooling says at start when its Node is too old', () => {
	it('Node 20 gets the reason and ./dev; Node 24 and newer pass', () => {
		expect(toolingNodeProblem('20.20.2')).toMatch(
			/^the dev tooling needs Node 24 or newer; this is Node 20\.20\.2\. Run it through \.\/dev/,
		);
		expect(toolingNodeProblem('24.0.0')).toBeUndefined();
		expect(toolingNodeProblem('26.1.0')).toBeUndefined();
	});
});
