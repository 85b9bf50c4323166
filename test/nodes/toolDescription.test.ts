/**
 * What a model reads when the node is an AI agent's tool, worked out with n8n-workflow's own
 * functions (the ones n8n-core's createNodeAsTool calls): the description of every operation is the
 * node's own `toolDescription` for it, shown in the tool variant only, and says what the tool does
 * and the formats of IDs and times.
 */
import {
	NodeHelpers,
	type INode,
	type INodeParameters,
	type INodePropertyOptions,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { ContactCenter } from '../../nodes/ContactCenter/ContactCenter.node';
import {
	toolDescribedOperations,
	toolDescriptionText,
} from '../../nodes/ContactCenter/actions/toolDescriptions';

const base = new ContactCenter().description;

/** The tool variant as n8n derives it: same properties, name + 'Tool' (what `@tool` reads). */
function toolVariant(): INodeType {
	const description: INodeTypeDescription = {
		...base,
		name: `${base.name}Tool`,
		displayName: `${base.displayName} Tool`,
	};
	return { description } as INodeType;
}

/** Every resource and operation the node offers (any version). */
function operations(): Array<[string, string]> {
	return base.properties
		.filter((p) => p.name === 'operation')
		.flatMap((p) =>
			(p.displayOptions?.show?.resource as string[]).flatMap((resource) =>
				(p.options as INodePropertyOptions[]).map((o): [string, string] => [
					resource,
					String(o.value),
				]),
			),
		);
}

function node(type: INodeTypeDescription, parameters: INodeParameters, typeVersion = 2): INode {
	return {
		id: 'n1',
		name: 'Contact Center',
		type: `n8n-nodes-contact-center.${type.name}`,
		typeVersion,
		position: [0, 0],
		parameters,
	};
}

/** The node's parameters with defaults filled in, as n8n's Workflow does before it runs a node. */
function resolved(type: INodeTypeDescription, parameters: INodeParameters, typeVersion = 2) {
	return NodeHelpers.getNodeParameters(
		type.properties,
		parameters,
		true,
		false,
		node(type, parameters, typeVersion),
		type,
	) as INodeParameters;
}

describe('the description a model reads for each operation', () => {
	test('every operation the node offers has one', () => {
		const missing = operations().filter(([r, o]) => toolDescriptionText(r, o) === undefined);
		expect(missing).toEqual([]);
	});

	test.each(operations())(
		'%s %s: n8n gives the model the operation’s own text in version 2',
		(resource, operation) => {
			const tool = toolVariant();
			const parameters = resolved(tool.description, { resource, operation });
			const told = NodeHelpers.getToolDescriptionForNode(node(tool.description, parameters), tool);
			expect(told).toBe(toolDescriptionText(resource, operation));
		},
	);

	test.each(operations())(
		'%s %s: a version-1 tool node tells the model what it did before version 2',
		(resource, operation) => {
			const tool = toolVariant();
			const parameters = resolved(tool.description, { resource, operation }, 1);
			expect(parameters.descriptionType).toBe('auto');
			const told = NodeHelpers.getToolDescriptionForNode(
				node(tool.description, parameters, 1),
				tool,
			);
			// n8n's "Set Automatically": the operation's action, as for a node without its own description.
			const action = base.properties
				.filter(
					(p) =>
						p.name === 'operation' &&
						(p.displayOptions?.show?.resource as string[]).includes(resource),
				)
				.flatMap((p) => p.options as INodePropertyOptions[])
				.find((o) => o.value === operation)?.action;
			expect(told).toBe(`${action!.charAt(0).toUpperCase()}${action!.slice(1)} in Contact Center`);
		},
	);

	test('a version-1 tool node keeps a description its user set manually', () => {
		const tool = toolVariant();
		const parameters = resolved(
			tool.description,
			{
				resource: 'customer',
				operation: 'get',
				descriptionType: 'manual',
				toolDescription: 'Mine',
			},
			1,
		);
		expect(NodeHelpers.getToolDescriptionForNode(node(tool.description, parameters, 1), tool)).toBe(
			'Mine',
		);
	});

	test('n8n adds no selector of its own: the node has a toolDescription (v1 keeps n8n’s pair)', () => {
		// n8n's convertNodeToAiTool adds descriptionType + toolDescription only when no property is named toolDescription.
		expect(base.properties.some((p) => p.name === 'toolDescription')).toBe(true);
		const selector = base.properties.filter((p) => p.name === 'descriptionType');
		expect(selector).toHaveLength(1);
		expect(selector[0].displayOptions?.show?.['@version']).toEqual([1]);
	});

	test('the action node (not a tool) never shows or stores it', () => {
		const parameters = resolved(base, { resource: 'customer', operation: 'get' });
		expect(parameters).not.toHaveProperty('toolDescription');
	});

	test('a description the user wrote wins over the default', () => {
		const tool = toolVariant();
		const parameters = resolved(tool.description, {
			resource: 'customer',
			operation: 'get',
			toolDescription: 'Look up the caller',
		});
		expect(NodeHelpers.getToolDescriptionForNode(node(tool.description, parameters), tool)).toBe(
			'Look up the caller',
		);
	});

	test.each(toolDescribedOperations())(
		'%s %s says what IDs, times and errors look like',
		(resource, operation) => {
			const text = toolDescriptionText(resource, operation)!;
			expect(text).toMatch(/18-digit strings/);
			expect(text).toMatch(/never as numbers/);
			expect(text).toContain("'yyyy-MM-dd HH:mm:ss' in the account's time zone");
			expect(text).toMatch(/refused before anything is sent/);
			// A model reads every tool's text on every turn: keep each one short.
			expect(text.length).toBeLessThan(1200);
		},
	);

	test('every list operation says what an empty result means and what bounds it', () => {
		for (const [resource, operation] of toolDescribedOperations().filter(([, o]) =>
			['getAll', 'search'].includes(o),
		)) {
			expect(toolDescriptionText(resource, operation)).toMatch(
				/an empty list \[\] means nothing matched.*Limit/,
			);
		}
	});

	test('phone-taking operations say what a phone number looks like', () => {
		for (const [resource, operation] of [
			['customer', 'search'],
			['customer', 'create'],
			['customer', 'upsert'],
			['callTask', 'import'],
		]) {
			expect(toolDescriptionText(resource, operation)).toMatch(/digits, optionally with \+ and -/);
		}
	});
});
