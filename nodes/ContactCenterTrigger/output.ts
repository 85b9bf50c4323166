/**
 * Output of the trigger's items: the same choice, names and shapes as the action node's reads
 * (Simplified by default). A customer item is shaped as Customer Get shapes it, a call-task item as
 * Call Task Get, a service-record item as Service Record Get Many; the trigger's own fields
 * (`event`, `previousStatus`, a report) are added to every item whatever the choice.
 */
import { type INodeProperties, type IPollFunctions, updateDisplayOptions } from 'n8n-workflow';

import { checkOutput, type OutputChoice } from '../ContactCenter/actions/output';
import { inputError } from '../ContactCenter/input/validation';
import { KINDS } from './kinds';

const LABELS: Record<string, string> = { output: 'Output', fields: 'Fields' };

/** Output and Fields for each Trigger On. */
export const outputProperties: INodeProperties[] = KINDS.flatMap((kind) =>
	updateDisplayOptions({ show: { triggerOn: [kind.value] } }, kind.outputProperties()),
);

/** The trigger's choice, checked before anything is read. */
export function readOutputChoice(this: IPollFunctions): OutputChoice {
	const mode = this.getNodeParameter('output', 'simple');
	const fields = mode === 'fields' ? this.getNodeParameter('fields', []) : [];
	const { value, issues } = checkOutput(mode, fields);
	if (issues.length > 0) {
		const problems = issues.map((i) => `"${LABELS[i.field] ?? i.field}" ${i.problem}. ${i.fix}`);
		throw inputError(this.getNode(), `Invalid trigger settings: ${problems[0]}`, {
			description: problems.join('\n'),
		});
	}
	return value;
}
