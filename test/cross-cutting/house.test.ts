/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not shipped */
/**
 * The shape of the shipped code. No line budgets: tests are judged by what they catch, not by how
 * many lines they take; what stays is that no function grows past what a reader takes in at once.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

import * as ts from 'typescript';

import { ROOT, shippedSources } from '../support/sources';

const CALL_TASK_CREATE = path.join(
	ROOT,
	'nodes',
	'ContactCenter',
	'actions',
	'callTask',
	'create.operation.ts',
);

/** Every function, method and arrow function of a file, with its length in lines. */
function functionsOf(file: string): Array<{ name: string; lines: number }> {
	const source = ts.createSourceFile(
		file,
		readFileSync(file, 'utf8'),
		ts.ScriptTarget.Latest,
		true,
	);
	const out: Array<{ name: string; lines: number }> = [];
	const visit = (node: ts.Node) => {
		if (ts.isFunctionLike(node) && 'body' in node && node.body) {
			const line = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
			const name = node.name?.getText(source) ?? `(anonymous at line ${line(node.getStart()) + 1})`;
			out.push({ name, lines: line(node.getEnd()) - line(node.getStart()) + 1 });
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return out;
}

describe('the house', () => {
	it('no function of the nodes or the credential is over 60 lines', () => {
		const long = shippedSources().flatMap((file) =>
			functionsOf(file)
				.filter((f) => f.lines > 60)
				.map((f) => `${path.relative(ROOT, file)}: ${f.name} (${f.lines} lines)`),
		);
		expect(long).toEqual([]);
	});

	it('Call Task → Create reads its parameters in named readers: its execute is at most 40 lines', () => {
		const executes = functionsOf(CALL_TASK_CREATE).filter((f) => f.name === 'execute');
		expect(executes).toHaveLength(1);
		expect(executes[0].lines).toBeLessThanOrEqual(40);
	});
});
